package tictactoegrader;

import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The submission's Configurations on one board: the questions asked of a board, and the reference search
 * (docs/dictionary.md), line for line, calling only the submission's methods.  Its table is the submission's own,
 * made by createDictionary and reached only through repeatedConfiguration and addConfiguration, so a fault of
 * the dictionary shows in the node count.  It reports what the methods answered; the grader judges.
 */
final class Game {
    static final char HUMAN = 'X';
    static final char COMPUTER = 'O';
    static final char EMPTY = ' ';

    private final Object configs;
    private final int size;
    private final int maxLevels;
    private final Method savePlay;
    private final Method squareIsEmpty;
    private final Method wins;
    private final Method isDraw;
    private final Method evalBoard;
    private Object table;
    private Method repeatedConfiguration;
    private Method addConfiguration;
    long nodes;

    /** A new Configurations(size, length, maxLevels) holding the case's tiles ('.' for an empty square). */
    Game(Student student, int size, int length, int maxLevels, String cells) throws Student.Missing, Student.Thrown {
        String shown = "new Configurations(" + size + ", " + length + ", " + maxLevels + ")";
        configs = student.construct("Configurations", shown, size, length, maxLevels);
        this.size = size;
        this.maxLevels = maxLevels;
        Class<?> type = configs.getClass();
        savePlay = Student.method(type, "savePlay", "void savePlay(int, int, char)", int.class, int.class, char.class);
        squareIsEmpty = Student.method(type, "squareIsEmpty", "boolean squareIsEmpty(int, int)", int.class,
            int.class);
        wins = Student.method(type, "wins", "boolean wins(char)", char.class);
        isDraw = Student.method(type, "isDraw", "boolean isDraw()");
        evalBoard = Student.method(type, "evalBoard", "int evalBoard()");
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                char symbol = cells.charAt(row * size + col);
                if (symbol != '.') {
                    savePlay(row, col, symbol);
                }
            }
        }
    }

    /** What the submission answers to one question: wins_x, wins_o, is_draw or eval. */
    Object ask(String question) throws Student.Thrown {
        switch (question) {
            case "wins_x":
                return invoke(wins, "wins", Student.symbol(wins, 0, HUMAN));
            case "wins_o":
                return invoke(wins, "wins", Student.symbol(wins, 0, COMPUTER));
            case "is_draw":
                return invoke(isDraw, "isDraw");
            case "eval":
                return invoke(evalBoard, "evalBoard");
            default:
                throw new IllegalArgumentException("no question " + question);
        }
    }

    /** The reference search of docs/dictionary.md from this board: {score, row, col, nodes}. */
    Map<String, Object> play() throws Student.Missing, Student.Thrown {
        Method create = Student.method(configs.getClass(), "createDictionary", "HashDictionary createDictionary()");
        table = Student.call(create, configs, "createDictionary()");
        if (table == null) {
            throw new Student.Thrown("createDictionary()", new NullPointerException("createDictionary() returned null"));
        }
        Class<?> tableType = table.getClass();
        repeatedConfiguration = Student.method(configs.getClass(), "repeatedConfiguration",
            "int repeatedConfiguration(HashDictionary)", tableType);
        addConfiguration = Student.method(configs.getClass(), "addConfiguration",
            "void addConfiguration(HashDictionary, int)", tableType, int.class);
        nodes = 0;
        int[] best = search(COMPUTER, -1, 4, 0);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("score", best[0]);
        answer.put("row", best[1]);
        answer.put("col", best[2]);
        answer.put("nodes", nodes);
        return answer;
    }

    /** SEARCH(symbol, highest, lowest, level) of the reference search: {value, row, col}. */
    private int[] search(char symbol, int highest, int lowest, int level) throws Student.Thrown {
        char other = symbol == COMPUTER ? HUMAN : COMPUTER;
        int value = symbol == COMPUTER ? -1 : 4;
        int bestRow = -1;
        int bestCol = -1;
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                if (!squareIsEmpty(row, col)) {
                    continue;
                }
                savePlay(row, col, symbol);
                nodes++;
                int score;
                if (wins(symbol) || isDraw() || level >= maxLevels) {
                    score = evalBoard();
                } else {
                    score = repeatedConfiguration();
                    if (score == -1) {
                        score = search(other, highest, lowest, level + 1)[0];
                        if (repeatedConfiguration() == -1) {
                            addConfiguration(score);
                        }
                    }
                }
                savePlay(row, col, EMPTY);
                if (symbol == COMPUTER && score > value || symbol == HUMAN && score < value) {
                    value = score;
                    bestRow = row;
                    bestCol = col;
                    if (symbol == COMPUTER && value > highest) {
                        highest = value;
                    } else if (symbol == HUMAN && value < lowest) {
                        lowest = value;
                    }
                    if (highest >= lowest) {
                        return new int[] {value, bestRow, bestCol};
                    }
                }
            }
        }
        return new int[] {value, bestRow, bestCol};
    }

    /** squareIsEmpty of every square, row by row: 1 for an empty one, 0 for another. */
    String emptySquares() throws Student.Thrown {
        StringBuilder squares = new StringBuilder(size * size);
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                squares.append(squareIsEmpty(row, col) ? '1' : '0');
            }
        }
        return squares.toString();
    }

    private void savePlay(int row, int col, char symbol) throws Student.Thrown {
        invoke(savePlay, "savePlay", row, col, Student.symbol(savePlay, 2, symbol));
    }

    private boolean squareIsEmpty(int row, int col) throws Student.Thrown {
        return (Boolean) invoke(squareIsEmpty, "squareIsEmpty", row, col);
    }

    private boolean wins(char symbol) throws Student.Thrown {
        return (Boolean) invoke(wins, "wins", Student.symbol(wins, 0, symbol));
    }

    private boolean isDraw() throws Student.Thrown {
        return (Boolean) invoke(isDraw, "isDraw");
    }

    private int evalBoard() throws Student.Thrown {
        return (Integer) invoke(evalBoard, "evalBoard");
    }

    private int repeatedConfiguration() throws Student.Thrown {
        return (Integer) invoke(repeatedConfiguration, "repeatedConfiguration", table);
    }

    private void addConfiguration(int score) throws Student.Thrown {
        invoke(addConfiguration, "addConfiguration", table, score);
    }

    /** The call, and when it throws, a Thrown that shows it as written: wins('X'), savePlay(1, 2, 'O'). */
    private Object invoke(Method method, String name, Object... arguments) throws Student.Thrown {
        try {
            return method.invoke(configs, arguments);
        } catch (java.lang.reflect.InvocationTargetException error) {
            throw new Student.Thrown(shown(name, arguments), error.getCause());
        } catch (ReflectiveOperationException | IllegalArgumentException error) {
            throw new Student.Thrown(shown(name, arguments), error);
        }
    }

    private String shown(String name, Object[] arguments) {
        StringBuilder text = new StringBuilder(name).append('(');
        for (int i = 0; i < arguments.length; i++) {
            Object argument = arguments[i];
            text.append(i == 0 ? "" : ", ");
            if (argument == table) {
                text.append("table");
            } else if (argument instanceof Character) {
                text.append('\'').append(argument).append('\'');
            } else if (argument instanceof String) {
                text.append('"').append(argument).append('"');
            } else {
                text.append(argument);
            }
        }
        return text.append(')').toString();
    }
}
