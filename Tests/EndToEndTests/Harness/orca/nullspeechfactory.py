# A speech server for Orca that says nothing and appends each utterance, one
# a line, to $ORCA_TRANSCRIPT: what a test hears Orca say.
import os

from orca import speechserver


def _write(text):
    path = os.environ.get("ORCA_TRANSCRIPT")
    if path and text:
        with open(path, "a", encoding="utf-8") as transcript:
            transcript.write(str(text).replace("\n", " ") + "\n")


class SpeechServer(speechserver.SpeechServer):
    _instance = None

    @staticmethod
    def getFactoryName():
        return "Transcript"

    @staticmethod
    def getSpeechServers():
        return [SpeechServer.getSpeechServer()]

    @staticmethod
    def getSpeechServer(info=None):
        if SpeechServer._instance is None:
            SpeechServer._instance = SpeechServer()
        return SpeechServer._instance

    @staticmethod
    def shutdownActiveServers():
        pass

    def getInfo(self):
        return ["Transcript", "transcript"]

    def getVoiceFamilies(self):
        return []

    def speak(self, text=None, acss=None, interrupt=True):
        _write(text)

    def speakCharacter(self, character, acss=None):
        _write(character)

    def speakKeyEvent(self, event, acss=None):
        _write(getattr(event, "event_string", event))

    def sayAll(self, utteranceIterator, progressCallback):
        for context, _ in utteranceIterator:
            _write(context.utterance)
