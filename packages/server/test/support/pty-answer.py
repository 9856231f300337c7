"""Runs a command in a pseudo-terminal and types answers at its prompts, as a person would.

Usage: python3 pty-answer.py ANSWER... -- COMMAND ARG...
Each answer is typed (then Enter) once the output shows a new prompt ending in ": ". Prints everything
the terminal showed, then exits with the command's exit code. Standard library only (no node-pty).
"""
import os
import pty
import select
import sys
import time

split = sys.argv.index("--")
answers = sys.argv[1:split]
command = sys.argv[split + 1:]

pid, fd = pty.fork()
if pid == 0:
    os.execvp(command[0], command)

shown = b""
prompts_answered = 0
deadline = time.time() + 120
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.1)
    if ready:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    if prompts_answered < len(answers) and shown.count(b": ") > prompts_answered and shown.rstrip(b" ").endswith(b":"):
        time.sleep(0.05)
        os.write(fd, answers[prompts_answered].encode() + b"\r")
        prompts_answered += 1

_, status = os.waitpid(pid, 0)
sys.stdout.write(shown.decode("utf-8", "replace"))
sys.exit(os.waitstatus_to_exitcode(status))
