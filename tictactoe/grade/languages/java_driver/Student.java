package tictactoegrader;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The submission's classes, reached by reflection only, so that a missing class or method fails the tests that
 * need it instead of the whole compilation.
 *
 * The names are the course's: Data(String, int), HashDictionary(int) with put(Data), remove(String), get(String)
 * and numRecords(), Configurations(int, int, int) with createDictionary(), repeatedConfiguration(table),
 * addConfiguration(table, int), savePlay(int, int, char), squareIsEmpty(int, int), wins(char), isDraw() and
 * evalBoard().  A symbol may be a char or a String; the table's parameter type may be HashDictionary or
 * DictionaryADT; DictionaryException may be checked or unchecked.
 */
final class Student {
    /** The submission lacks a class, a constructor or a method that a test needs. */
    static final class Missing extends Exception {
        Missing(String what) {
            super(what);
        }
    }

    /** The submission's code threw: the call and what it threw. */
    static final class Thrown extends Exception {
        final String call;
        final Throwable cause;

        Thrown(String call, Throwable cause) {
            super(call);
            this.call = call;
            this.cause = cause;
        }

        /** The observation: {"x": simple class name, "m": message, "at": the first frame of the student's, "c": call}. */
        Map<String, Object> observed() {
            Map<String, Object> observation = new LinkedHashMap<>();
            String message;
            try {
                message = cause.getMessage();
            } catch (RuntimeException | Error error) { // a getMessage of the submission's that throws in turn
                message = null;
            }
            observation.put("x", cause.getClass().getSimpleName());
            observation.put("m", cut(message == null ? "" : message));
            observation.put("at", frame(cause));
            observation.put("c", call);
            return observation;
        }
    }

    /** The longest text of an observation: a message, not a dump. */
    static final int MOST_CHARACTERS = 2000;

    private final String prefix;

    Student(String packageName) {
        this.prefix = packageName.isEmpty() ? "" : packageName + ".";
    }

    /** Load and initialize the classes named, so that their static initializers run now; what fails shows later. */
    void initialize(String[] names) {
        for (String name : names) {
            try {
                Class.forName(prefix + name, true, Student.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError error) {
                continue; // the test that needs the class reports it
            }
        }
    }

    Class<?> type(String name) throws Missing {
        try {
            return Class.forName(prefix + name, false, Student.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError error) {
            throw new Missing("the submission has no class " + name + " (" + error.getClass().getSimpleName() + ")");
        }
    }

    Object construct(String className, String shown, Object... arguments) throws Missing, Thrown {
        Class<?> type = type(className);
        Class<?>[] parameters = new Class<?>[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            parameters[i] = arguments[i] instanceof Integer ? int.class : arguments[i].getClass();
        }
        Constructor<?> constructor;
        try {
            constructor = type.getDeclaredConstructor(parameters);
            constructor.setAccessible(true);
        } catch (NoSuchMethodException | RuntimeException error) {
            throw new Missing(className + " has no constructor " + shown.replaceFirst("new ", ""));
        }
        try {
            return constructor.newInstance(arguments);
        } catch (InvocationTargetException error) {
            throw new Thrown(shown, error.getCause());
        } catch (ReflectiveOperationException | LinkageError error) {
            throw new Thrown(shown, error);
        }
    }

    /** The method {@code name} of {@code type} whose parameters accept {@code kinds}, public or not. */
    static Method method(Class<?> type, String name, String signature, Class<?>... kinds) throws Missing {
        for (Class<?> owner = type; owner != null; owner = owner.getSuperclass()) {
            for (Method candidate : owner.getDeclaredMethods()) {
                if (candidate.getName().equals(name) && accepts(candidate.getParameterTypes(), kinds)) {
                    try {
                        candidate.setAccessible(true);
                    } catch (RuntimeException error) {
                        continue;
                    }
                    return candidate;
                }
            }
        }
        throw new Missing(type.getSimpleName() + " has no method " + signature);
    }

    private static boolean accepts(Class<?>[] parameters, Class<?>[] kinds) {
        if (parameters.length != kinds.length) {
            return false;
        }
        for (int i = 0; i < kinds.length; i++) {
            Class<?> wanted = kinds[i];
            Class<?> parameter = parameters[i];
            boolean symbol = wanted == char.class && (parameter == char.class || parameter == String.class);
            if (!symbol && !parameter.isAssignableFrom(wanted)) {
                return false;
            }
        }
        return true;
    }

    /** A symbol as the method's parameter wants it: a char or a one-character String. */
    static Object symbol(Method method, int index, char symbol) {
        return method.getParameterTypes()[index] == String.class ? String.valueOf(symbol) : (Object) symbol;
    }

    static Object call(Method method, Object target, String shown, Object... arguments) throws Thrown {
        try {
            return method.invoke(target, arguments);
        } catch (InvocationTargetException error) {
            throw new Thrown(shown, error.getCause());
        } catch (ReflectiveOperationException | IllegalArgumentException error) {
            throw new Thrown(shown, error);
        }
    }

    /** The first frame outside the JDK and the driver, {@code Class.method(File.java:12)}; "" when none. */
    static String frame(Throwable error) {
        for (StackTraceElement frame : error.getStackTrace()) {
            String owner = frame.getClassName();
            if (!owner.startsWith("java.") && !owner.startsWith("jdk.") && !owner.startsWith("sun.")
                    && !owner.startsWith("tictactoegrader.")) {
                return frame.toString();
            }
        }
        return "";
    }

    /** {@code Type: message}, for what went wrong in the driver itself. */
    static String describe(Throwable error) {
        String message = error.getMessage();
        return error.getClass().getSimpleName() + (message == null || message.isEmpty() ? "" : ": " + message);
    }

    /** A returned value as the observation holds it: an Integer, a Boolean, a String or null as it is. */
    static Object value(Object result) {
        if (result == null || result instanceof Integer || result instanceof Boolean || result instanceof String) {
            return result;
        }
        Map<String, Object> opaque = new LinkedHashMap<>();
        String text;
        try {
            text = String.valueOf(result);
        } catch (RuntimeException | Error error) { // a toString of the submission's that throws in turn
            text = "<a " + result.getClass().getSimpleName() + ">";
        }
        opaque.put("o", cut(text));
        return opaque;
    }

    static String cut(String text) {
        return text.length() <= MOST_CHARACTERS ? text : text.substring(0, MOST_CHARACTERS) + "...";
    }
}
