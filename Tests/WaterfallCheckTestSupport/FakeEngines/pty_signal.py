#!/usr/bin/env python3
"""Runs a command in a pseudo-terminal, waits for PROMPT, then stops it with KEY ("ctrl-c") or a
signal ("TERM", "HUP"), and reports the terminal's modes after it exited (review A13).

Usage: pty_signal.py DIR PROMPT HOW COMMAND... Prints everything the command wrote, then a line
`modes: icanon=1 echo=1` read from the pty after the command ended, then `status: N`."""
import os
import pty
import select
import signal
import sys
import termios
import time

directory, prompt, how, command = sys.argv[1], sys.argv[2].encode(), sys.argv[3], sys.argv[4:]
pid, fd = pty.fork()
if pid == 0:
    os.chdir(directory)
    os.environ.pop("CI", None)
    os.execv(command[0], command)
out, stopped, deadline = b"", False, time.time() + 60
status = None
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.2)
    if ready:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            chunk = b""
        out += chunk
    if not stopped and prompt in out:
        time.sleep(0.3)  # the prompt is printed before raw mode is set: let it be set
        if how == "ctrl-c":
            os.write(fd, b"\x03")
        else:
            os.kill(pid, getattr(signal, "SIG" + how))
        stopped = True
    done, st = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(st)
        break
lflag = termios.tcgetattr(fd)[3]
sys.stdout.write(out.decode("utf-8", "replace"))
sys.stdout.write("\nmodes: icanon=%d echo=%d\n" % (bool(lflag & termios.ICANON), bool(lflag & termios.ECHO)))
sys.stdout.write("status: %s\n" % status)
