import { existsSync } from 'node:fs';
import { registerSessionSupport, SESSION_SUPPORT } from '../../sandbox/session-support';

/** Frame types on the relay's stdin (PTY_RELAY_SOURCE). */
export const RELAY_FRAME = { data: 0, resize: 1 } as const;

/**
 * The most the relay reads from the pty at once, which is also what Node reads from a pipe at
 * once: a chunk of the terminal's output is never larger.
 */
export const RELAY_READ_BYTES = 65_536;

const RELAY_FILE = 'pty-relay.py';
const BASHRC_FILE = 'terminal-bashrc';

/**
 * Bash on a pseudo-terminal, inside the sandbox (decision 0016): Node has no pty of its own, so
 * this small Python program (standard library only, the system's python3) owns it. It relays the
 * terminal's output to stdout as it is and reads stdin as frames: a type byte (0 data, 1 resize),
 * a 4-byte big-endian length and the payload (a resize is cols, rows as two big-endian uint16).
 * Both directions are buffered a little and never block each other: while Kiln has not read
 * a flood of output, the relay stops reading the terminal but still delivers keystrokes, so
 * Ctrl+C reaches the program that floods. It exits with the shell's status.
 */
export const PTY_RELAY_SOURCE = String.raw`import errno, fcntl, os, pty, select, signal, struct, sys, termios

DATA, RESIZE = 0, 1
HEADER = struct.Struct('>BI')
CHUNK = ${RELAY_READ_BYTES}
# Past these, the relay stops reading that side until the other has taken some.
OUTPUT_CAP = 256 * 1024
INPUT_CAP = 256 * 1024


def set_size(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))


def status_of(wait_status):
    if os.WIFSIGNALED(wait_status):
        return 128 + os.WTERMSIG(wait_status)
    return os.WEXITSTATUS(wait_status)


def main():
    cols, rows = int(sys.argv[1]), int(sys.argv[2])
    shell = sys.argv[3:]
    pid, master = pty.fork()
    if pid == 0:
        try:
            set_size(0, cols, rows)
            # Python ignores these, and an ignored signal stays ignored across exec: without
            # this, yes | head would print broken pipe errors and a file past its size limit
            # would not stop its writer.
            signal.signal(signal.SIGPIPE, signal.SIG_DFL)
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
            os.execv(shell[0], shell)
        except OSError as error:
            os.write(2, ('kiln: cannot start %s: %s\r\n' % (shell[0], error.strerror)).encode())
        os._exit(127)

    # SIGCHLD wakes the loop through this pipe, so a shell that exits while a background job
    # still holds the terminal open is noticed.
    wake_read, wake_write = os.pipe()
    for fd in (wake_read, wake_write, master, 1):
        os.set_blocking(fd, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)

    def hang_up(*_):
        try:
            os.kill(pid, signal.SIGHUP)
        except ProcessLookupError:
            pass

    signal.signal(signal.SIGTERM, hang_up)
    signal.signal(signal.SIGHUP, hang_up)

    output = bytearray()
    keys = bytearray()
    frames = bytearray()
    stdin_open = True
    status = None

    def read_frames():
        while len(frames) >= HEADER.size:
            kind, length = HEADER.unpack_from(frames)
            if len(frames) < HEADER.size + length:
                return
            payload = bytes(frames[HEADER.size:HEADER.size + length])
            del frames[:HEADER.size + length]
            if kind == DATA:
                keys.extend(payload)
            elif kind == RESIZE and length == 4:
                new_cols, new_rows = struct.unpack('>HH', payload)
                set_size(master, max(new_cols, 1), max(new_rows, 1))

    def read_terminal():
        """'data', 'none' (nothing now) or 'closed' (every holder of the terminal is gone)."""
        try:
            chunk = os.read(master, CHUNK)
        except BlockingIOError:
            return 'none'
        except OSError as error:
            if error.errno == errno.EIO:
                return 'closed'
            raise
        output.extend(chunk)
        return 'data' if chunk else 'closed'

    def write_some(fd, buffer):
        try:
            written = os.write(fd, buffer[:CHUNK])
        except BlockingIOError:
            return
        del buffer[:written]

    while status is None:
        readable = [wake_read]
        if len(output) < OUTPUT_CAP:
            readable.append(master)
        if stdin_open and len(keys) < INPUT_CAP:
            readable.append(0)
        writable = ([1] if output else []) + ([master] if keys else [])
        ready_read, ready_write, _ = select.select(readable, writable, [])
        if wake_read in ready_read:
            while True:
                try:
                    if not os.read(wake_read, 512):
                        break
                except BlockingIOError:
                    break
            done, wait_status = os.waitpid(pid, os.WNOHANG)
            if done:
                status = status_of(wait_status)
        if master in ready_read and read_terminal() == 'closed' and status is None:
            # Every holder of the terminal is gone: the shell has ended or is about to.
            status = status_of(os.waitpid(pid, 0)[1])
        if 0 in ready_read:
            chunk = os.read(0, CHUNK)
            if chunk:
                frames.extend(chunk)
                read_frames()
            else:
                # Kiln closed the input: the person left, so the shell is hung up on.
                stdin_open = False
                hang_up()
        if 1 in ready_write:
            write_some(1, output)
        if master in ready_write and keys:
            write_some(master, keys)

    # What the shell printed last, then its status.
    while len(output) < OUTPUT_CAP and read_terminal() == 'data':
        pass
    os.set_blocking(1, True)
    while output:
        write_some(1, output)
    sys.exit(status)


main()
`;

/**
 * Read by the terminal's bash instead of ~/.bashrc: a prompt with the folder (there is no
 * account name in the sandbox), history kept for the session in the in-memory home, and the
 * project's installed tools on PATH. `pip` installs into the project's .venv, made on first
 * use, where runs find it: the system's Python is read-only here and refuses installs.
 */
export const TERMINAL_BASHRC_SOURCE = String.raw`HISTFILE="$HOME/.bash_history"
HISTSIZE=5000
HISTCONTROL=ignoredups
PS1='\w \$ '
PATH="$HOME/project/node_modules/.bin:$PATH"
VIRTUAL_ENV_DISABLE_PROMPT=1
if [ -f "$HOME/project/.venv/bin/activate" ]; then
  . "$HOME/project/.venv/bin/activate"
fi
pip() {
  if [ -z "$VIRTUAL_ENV" ]; then
    if [ ! -x "$HOME/project/.venv/bin/python" ]; then
      echo "kiln: making .venv, the project's Python environment, for pip to install into" >&2
      python3 -m venv "$HOME/project/.venv" || return
    fi
    . "$HOME/project/.venv/bin/activate"
  fi
  command pip "$@"
}
pip3() { pip "$@"; }
alias ls='ls --color=auto'
alias grep='grep --color=auto'
`;

/** Puts the relay and its bashrc under /kiln in every session opened from now on. */
export function registerTerminalSupport(): void {
  registerSessionSupport(RELAY_FILE, PTY_RELAY_SOURCE);
  registerSessionSupport(BASHRC_FILE, TERMINAL_BASHRC_SOURCE);
}

/**
 * The system's python3, which every sandbox user can run (a configured one may live under a
 * home only its owner reaches); else whichever python3 the sandbox's PATH finds.
 */
const RELAY_PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/**
 * The session's command: the relay under the system's python3 (-I so nothing of the
 * project's, PYTHONPATH or a file named like a module, reaches it), running an interactive bash.
 */
export function relayCommand(size: { cols: number; rows: number }): string[] {
  return [
    RELAY_PYTHON,
    '-I',
    `${SESSION_SUPPORT}/${RELAY_FILE}`,
    String(size.cols),
    String(size.rows),
    '/bin/bash',
    '--rcfile',
    `${SESSION_SUPPORT}/${BASHRC_FILE}`,
    '-i',
  ];
}
