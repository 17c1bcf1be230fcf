package tictactoegrader;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

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

    /** The submission's code threw: the call and what it threw, with the first line of the student's code. */
    static final class Thrown extends Exception {
        final Throwable cause;

        Thrown(String call, Throwable cause) {
            super(call + " threw " + describe(cause));
            this.cause = cause;
        }
    }

    private final String prefix;

    Student(String packageName) {
        this.prefix = packageName.isEmpty() ? "" : packageName + ".";
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

    /** {@code Type: message (at Class.method(File.java:12))}, the frame being the first outside the JDK. */
    static String describe(Throwable error) {
        String message = error.getMessage();
        String text = error.getClass().getSimpleName() + (message == null || message.isEmpty() ? "" : ": " + message);
        for (StackTraceElement frame : error.getStackTrace()) {
            String owner = frame.getClassName();
            if (!owner.startsWith("java.") && !owner.startsWith("jdk.") && !owner.startsWith("sun.")
                    && !owner.startsWith("tictactoegrader.")) {
                return text + " (at " + frame + ")";
            }
        }
        return text;
    }

    static boolean isDictionaryException(Throwable error) {
        return error.getClass().getSimpleName().equals("DictionaryException");
    }

    static String quoted(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
