package tictactoegrader;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The grader's warm compiler: javac in one JVM that compiles a whole class, one submission after another, so that
 * each compile costs javac's work and not a JVM's start and warm-up.
 *
 * It speaks the driver's protocol (GraderDriver): "hello NONCE", then "NONCE N REQUEST" with REQUEST a JSON list of
 * one operation, ["javac", ARGUMENT, ...], answered with [{"vs": [STATUS, OUTPUT]}]: javac's exit status and what
 * it printed, cut at OUTPUT_CHARACTERS. Only javac runs here, with -proc:none (the grader's arguments), so no code of
 * a submission's ever does. An error of the compiler itself (it ran out of memory or stack on a submission) is
 * answered as the status -1, and the grader ends this JVM and compiles that submission with a javac of its own.
 *
 * java tictactoegrader.CompileServer COMMAND_FD ANSWER_FD
 */
public final class CompileServer {
    private static final int OUTPUT_CHARACTERS = 16 * 1024;

    private CompileServer() {
    }

    public static void main(String[] arguments) throws IOException {
        BufferedReader commands = new BufferedReader(new InputStreamReader(
            new FileInputStream("/proc/self/fd/" + arguments[0]), StandardCharsets.UTF_8));
        OutputStream answers = new FileOutputStream("/proc/self/fd/" + arguments[1]);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        String nonce = "";
        String line;
        while ((line = commands.readLine()) != null) {
            String[] words = line.trim().split(" ", 3);
            if (nonce.isEmpty()) {
                if (words[0].equals("hello") && words.length == 2) {
                    nonce = words[1];
                    Map<String, Object> ready = new LinkedHashMap<>();
                    ready.put("load", "");
                    answer(answers, nonce, "0", ready);
                }
                continue;
            }
            if (words.length < 3 || !words[0].equals(nonce)) {
                continue;
            }
            if (words[2].equals("quit")) {
                break;
            }
            List<?> operation = (List<?>) ((List<?>) Json.parse(words[2])).get(0);
            List<Object> observations = new ArrayList<>();
            observations.add(compile(javac, operation.subList(1, operation.size())));
            answer(answers, nonce, words[1], observations);
        }
        Runtime.getRuntime().halt(0);
    }

    /** javac's status and output for one submission's arguments; the status -1 when the compiler itself failed. */
    private static Object compile(JavaCompiler javac, List<?> arguments) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int status;
        try {
            String[] given = arguments.toArray(new String[0]);
            status = javac.run(null, printed, printed, given);
        } catch (Throwable error) { // out of memory or stack: this JVM is not to be trusted with another compile
            status = -1;
        }
        String output = new String(printed.toByteArray(), StandardCharsets.UTF_8);
        if (output.length() > OUTPUT_CHARACTERS) {
            output = output.substring(0, OUTPUT_CHARACTERS);
        }
        List<Object> values = new ArrayList<>();
        values.add((long) status);
        values.add(output);
        Map<String, Object> observed = new LinkedHashMap<>();
        observed.put("vs", values);
        return observed;
    }

    private static void answer(OutputStream answers, String nonce, String number, Object value) throws IOException {
        String line = "\n" + nonce + " " + number + " " + Json.write(value) + "\n";
        answers.write(line.getBytes(StandardCharsets.UTF_8));
        answers.flush();
    }
}
