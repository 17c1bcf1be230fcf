package tictactoegrader;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The grader's side of one Java submission's process: it reads commands on one pipe and answers on another.
 * The first command, sent before any of the submission's code has run, is {@code hello NONCE}; every later
 * command and every answer is opened by that nonce and the command's number, and a command line without the
 * nonce (the submission's code may write on the pipe) is ignored.  The submission's standard output and error
 * are not the channel: what its code prints is only shown in messages.
 *
 * <pre>
 * java tictactoegrader.GraderDriver COMMAND_FD ANSWER_FD [PACKAGE]
 * commands:  hello NONCE, then NONCE N COMMAND with COMMAND one of testdict T | buckets 1|2 | quit |
 *            board SIZE LENGTH CELLS KEY,KEY... | play SIZE LENGTH LEVELS CELLS   (CELLS: row by row, '.' empty)
 * answers:   NONCE 0 ready, then NONCE N STATUS TEXT with STATUS pass, fail, error or values (KEY=VALUE ...)
 * </pre>
 */
public final class GraderDriver {
    /** The longest answer text: a message, not a dump. */
    private static final int MOST_CHARACTERS = 2000;
    /** The stack of the thread that runs the submission's code: deep searches recurse deeply. */
    private static final long STACK_BYTES = 64L << 20;

    private final BufferedReader commands;
    private final OutputStream answers;
    private final Student student;
    private final DictTests dictTests;
    private String nonce = "";

    private GraderDriver(BufferedReader commands, OutputStream answers, Student student) {
        this.commands = commands;
        this.answers = answers;
        this.student = student;
        this.dictTests = new DictTests(student);
    }

    public static void main(String[] arguments) throws Exception {
        BufferedReader commands = new BufferedReader(new InputStreamReader(
            new FileInputStream("/proc/self/fd/" + arguments[0]), StandardCharsets.UTF_8));
        OutputStream answers = new FileOutputStream("/proc/self/fd/" + arguments[1]);
        Student student = new Student(arguments.length > 2 ? arguments[2] : "");
        GraderDriver driver = new GraderDriver(commands, answers, student);
        Thread worker = new Thread(null, driver::serve, "grader", STACK_BYTES);
        worker.start();
        worker.join();
        Runtime.getRuntime().halt(0); // the submission may have left threads of its own running
    }

    private void serve() {
        try {
            String line;
            while ((line = commands.readLine()) != null) {
                String[] words = line.trim().split(" ");
                if (nonce.isEmpty()) {
                    if (words[0].equals("hello") && words.length == 2) {
                        nonce = words[1];
                        answer("0", "ready", "");
                    }
                    continue;
                }
                if (words.length < 3 || !words[0].equals(nonce)) {
                    continue; // not the grader's
                }
                if (words[2].equals("quit")) {
                    return;
                }
                String[] reply = dispatch(java.util.Arrays.copyOfRange(words, 2, words.length));
                answer(words[1], reply[0], reply[1]);
            }
        } catch (IOException error) {
            Runtime.getRuntime().halt(3); // the grader has gone: nothing to answer
        }
    }

    /** {status, text} for one command; the submission's faults are answers, never the driver's end. */
    private String[] dispatch(String[] words) {
        try {
            switch (words[0]) {
                case "testdict":
                    DictTests.Verdict verdict = dictTests.run(Integer.parseInt(words[1]));
                    return new String[] {verdict.status, verdict.text};
                case "buckets":
                    DictTests.Verdict buckets = Buckets.run(student, Integer.parseInt(words[1]));
                    return new String[] {buckets.status, buckets.text};
                case "board":
                    Game board = new Game(student, Integer.parseInt(words[1]), Integer.parseInt(words[2]), 0,
                        words[3]);
                    return new String[] {"values", board.answers(words[4].split(","))};
                case "play":
                    Game play = new Game(student, Integer.parseInt(words[1]), Integer.parseInt(words[2]),
                        Integer.parseInt(words[3]), words[4]);
                    return new String[] {"values", play.play()};
                default:
                    return new String[] {"error", "the grader's driver has no command " + words[0]};
            }
        } catch (Student.Missing | Student.Thrown | Game.Wrong fault) {
            return new String[] {fault instanceof Game.Wrong ? "fail" : "error", fault.getMessage()};
        } catch (RuntimeException | Error error) { // an answer of the wrong type, a bad command: still one answer
            return new String[] {"error", "the grader could not use the answer: " + Student.describe(error)};
        }
    }

    private void answer(String number, String status, String text) throws IOException {
        String line = text.replaceAll("[\\r\\n]+", " / ");
        if (line.length() > MOST_CHARACTERS) {
            line = line.substring(0, MOST_CHARACTERS) + "...";
        }
        // The leading newline ends whatever the submission's code may have written on this pipe.
        answers.write(("\n" + nonce + " " + number + " " + status + " " + line + "\n").getBytes(StandardCharsets.UTF_8));
        answers.flush();
    }
}
