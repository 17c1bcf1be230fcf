package tictactoegrader;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The grader's side of one Java submission's process: it performs the operations the grader asks and reports
 * what it saw; it decides nothing (docs/grading.md).  It reads commands on one pipe and answers on another.  The
 * first command is {@code hello NONCE}: only then are the submission's classes loaded and initialized, and the
 * answer says so.  Every later command is {@code NONCE N REQUEST} and its answer {@code NONCE N OBSERVATIONS}, a
 * JSON list of operations and a JSON list with one observation per operation (the operations and observations of
 * python_driver.py, with the Java names); a command line without the nonce is ignored.  The submission's
 * standard output and error are not the channel: what its code prints is only shown in messages.
 *
 * <pre>
 * java tictactoegrader.GraderDriver COMMAND_FD ANSWER_FD [PACKAGE]
 * </pre>
 */
public final class GraderDriver {
    /** The stack of the thread that runs the submission's code: deep searches recurse deeply. */
    private static final long STACK_BYTES = 64L << 20;
    private static final String[] CLASSES = {"Data", "HashDictionary", "Configurations"};

    private final BufferedReader commands;
    private final OutputStream answers;
    private final Student student;
    private final Map<Long, Table> tables = new HashMap<>();
    private Game game;
    private String nonce = "";

    private GraderDriver(BufferedReader commands, OutputStream answers, Student student) {
        this.commands = commands;
        this.answers = answers;
        this.student = student;
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
                String[] words = line.trim().split(" ", 3);
                if (nonce.isEmpty()) {
                    if (words[0].equals("hello") && words.length == 2) {
                        nonce = words[1];
                        student.initialize(CLASSES); // a static initializer that never ends is a start that never ends
                        Map<String, Object> ready = new LinkedHashMap<>();
                        ready.put("load", "");
                        answer("0", ready);
                    }
                    continue;
                }
                if (words.length < 3 || !words[0].equals(nonce)) {
                    continue; // not the grader's
                }
                if (words[2].equals("quit")) {
                    return;
                }
                List<?> operations;
                try {
                    operations = (List<?>) Json.parse(words[2]);
                } catch (RuntimeException notJson) {
                    continue; // not the grader's either: its requests are JSON
                }
                List<Object> observations = new ArrayList<>();
                for (Object operation : operations) {
                    observations.add(run((List<?>) operation));
                }
                answer(words[1], observations);
            }
        } catch (IOException error) {
            Runtime.getRuntime().halt(3); // the grader has gone: nothing to answer
        }
    }

    /** One operation's observation; the submission's faults are observations, never the driver's end. */
    private Object run(List<?> operation) {
        String name = (String) operation.get(0);
        try {
            return observed(name, operation);
        } catch (Student.Thrown thrown) {
            return thrown.observed();
        } catch (Student.Missing missing) {
            return fault(missing.getMessage());
        } catch (RuntimeException | Error error) { // an answer of the wrong type for the search: still an observation
            return fault("the grader could not use the answer: " + Student.describe(error));
        }
    }

    private Object observed(String name, List<?> operation) throws Student.Missing, Student.Thrown {
        switch (name) {
            case "new":
                tables.put(number(operation, 1), Table.create(student, (int) number(operation, 2)));
                return returned(null);
            case "put":
                return returned(table(operation).put((String) operation.get(2), (int) number(operation, 3)));
            case "get":
                return returned(table(operation).get((String) operation.get(2)));
            case "remove":
                return returned(table(operation).remove((String) operation.get(2)));
            case "count":
                return returned(table(operation).numRecords());
            case "puts":
            case "gets":
            case "removes":
                return table(operation).bulk(name, number(operation, 2), number(operation, 3), number(operation, 4));
            case "board":
                game = null;
                game = new Game(student, (int) number(operation, 1), (int) number(operation, 2),
                    (int) number(operation, 3), (String) operation.get(4));
                return returned(null);
            default:
                return onBoard(name, operation);
        }
    }

    private Object onBoard(String name, List<?> operation) throws Student.Missing, Student.Thrown {
        if (game == null) {
            return skip("no board: the board could not be set up");
        }
        switch (name) {
            case "ask":
                return returned(game.ask((String) operation.get(1)));
            case "empty":
                return returned(game.emptySquares());
            case "play":
                return returned(game.play());
            default:
                return skip("the grader's driver has no operation " + name);
        }
    }

    private Table table(List<?> operation) throws Student.Missing {
        Table table = tables.get(number(operation, 1));
        if (table == null) {
            throw new Student.Missing("no table: its HashDictionary was not made");
        }
        return table;
    }

    private static long number(List<?> operation, int index) {
        return (Long) operation.get(index);
    }

    private static Map<String, Object> returned(Object value) {
        Map<String, Object> observation = new LinkedHashMap<>();
        observation.put("v", value instanceof Map ? value : Student.value(value));
        return observation;
    }

    private static Map<String, Object> fault(String text) {
        Map<String, Object> observation = new LinkedHashMap<>();
        observation.put("fault", text);
        return observation;
    }

    private static Map<String, Object> skip(String text) {
        Map<String, Object> observation = new LinkedHashMap<>();
        observation.put("skip", text);
        return observation;
    }

    private void answer(String number, Object observations) throws IOException {
        // The leading newline ends whatever the submission's code may have written on this pipe.
        String line = "\n" + nonce + " " + number + " " + Json.write(observations) + "\n";
        answers.write(line.getBytes(StandardCharsets.US_ASCII));
        answers.flush();
    }
}
