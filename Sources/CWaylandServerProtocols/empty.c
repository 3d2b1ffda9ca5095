// The interface descriptors are defined in CWaylandProtocols' private code.
