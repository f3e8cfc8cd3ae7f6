"""An OpenAI-compatible chat server on 127.0.0.1 (stdlib http.server), the one stand-in the suite allows: it
rewrites and judges like a model would, in the mode a test sets, or (with `agent` set) plays a tool-calling agent,
and records what it was sent."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeLLM:
    """Answers chat.completions like a model would, in the mode the test sets."""

    def __init__(self) -> None:
        self.mode = "ok"
        self.judge = "yes"
        self.agent = None  # (messages) -> assistant message: a scripted tool-calling agent instead of the rewriter
        self.requests = 0
        self.bodies: list[dict] = []  # every request body, and the API key it carried
        self.keys: list[str] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def reply(self, prompt: str) -> tuple[int, str]:
        payload = json.loads(prompt[prompt.rindex("\n{\n") + 1:])
        if prompt.startswith("You check"):
            ok = self.judge == "yes"
            return 200, json.dumps({"clean_same_meaning": True, "noise_same_meaning": ok,
                                    "reason": "" if ok else "the threshold became a different condition"})
        if self.mode == "garbage":
            return 200, "Sure! Here are the rewrites: clean -> ..., noise -> ..."
        clean, noise = payload["clean"], payload["noise"]
        if self.mode == "drop":
            kept = max((str(v) for k, v in payload["keep"]["clean"].items() if k not in payload["differs"]), key=len)
            clean, noise = clean.replace(kept, "it"), noise.replace(kept, "it")
        reword = lambda q: "For the record: " + q[0].lower() + q[1:]  # noqa: E731
        return 200, "```json\n" + json.dumps({"clean": reword(clean), "noise": reword(noise)}) + "\n```"

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests += 1
                fake.bodies.append(body)
                fake.keys.append(self.headers.get("Authorization", "").removeprefix("Bearer "))
                if fake.mode == "timeout":
                    time.sleep(2.0)
                if fake.mode == "500":
                    self.send_response(500)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(b'{"error": {"message": "boom"}}')
                    return
                if fake.agent is not None:
                    status, message = 200, fake.agent(body["messages"])
                else:
                    status, content = fake.reply(body["messages"][-1]["content"])
                    message = {"role": "assistant", "content": content}
                data = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                                   "choices": [{"index": 0, "finish_reason": "stop", "message": message}],
                                   "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

        return Handler

    def close(self) -> None:
        self.server.shutdown()
