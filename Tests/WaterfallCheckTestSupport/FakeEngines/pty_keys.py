#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal and answers each prompt with one key.

Usage: pty_keys.py DIR KEYS PROMPT COMMAND... Runs COMMAND in DIR (CI unset) on a new pty;
each time PROMPT appears once more in its output, writes the next character of KEYS. Prints
everything the command wrote, then exits with the command's exit status (124 on a timeout)."""
import os
import pty
import select
import sys
import time

directory, keys, prompt, command = sys.argv[1], sys.argv[2], sys.argv[3].encode(), sys.argv[4:]
pid, fd = pty.fork()
if pid == 0:
    os.chdir(directory)
    os.environ.pop("CI", None)
    os.execv(command[0], command)
out, sent, deadline = b"", 0, time.time() + 60
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 1)
    if not ready:
        continue
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
    while sent < len(keys) and out.count(prompt) > sent:
        os.write(fd, keys[sent].encode())
        sent += 1
sys.stdout.write(out.decode("utf-8", "replace"))
if time.time() >= deadline:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    sys.exit(124)
_, status = os.waitpid(pid, 0)
sys.exit(os.waitstatus_to_exitcode(status))
