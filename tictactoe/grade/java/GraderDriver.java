package tictactoegrader;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The grader's side of one Java submission's process: it reads commands on one pipe and answers on another, each
 * answer opened by the run's nonce, which the grader sends as the first command.  The submission's standard
 * output and error are not the channel: what its code prints is only shown in messages.
 *
 * <pre>
 * java tictactoegrader.GraderDriver COMMAND_FD ANSWER_FD [PACKAGE]
 * commands:  hello NONCE | testdict N | buckets 1|2 | board SIZE LENGTH CELLS KEY,KEY... |
 *            play SIZE LENGTH LEVELS CELLS | quit        (CELLS: the board row by row, '.' for an empty square)
 * answers:   NONCE ready | NONCE pass NOTE | NONCE fail REASON | NONCE error REASON | NONCE values KEY=VALUE...
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
                if (words[0].equals("quit")) {
                    return;
                }
                if (words[0].equals("hello") && words.length == 2) {
                    nonce = words[1];
                    answer("ready", "");
                    continue;
                }
                String[] reply = dispatch(words);
                answer(reply[0], reply[1]);
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

    private void answer(String status, String text) throws IOException {
        String line = text.replaceAll("[\\r\\n]+", " / ");
        if (line.length() > MOST_CHARACTERS) {
            line = line.substring(0, MOST_CHARACTERS) + "...";
        }
        // The leading newline ends whatever the submission's code may have written on this pipe.
        answers.write(("\n" + nonce + " " + status + " " + line + "\n").getBytes(StandardCharsets.UTF_8));
        answers.flush();
    }
}
