package tictactoegrader;

import java.lang.reflect.Method;

/**
 * The submission's Configurations on one case's board: the board questions of a board case, and the reference search (docs/dictionary.md)
 * reference search, line for line, calling only the submission's methods.  Its table is the submission's own,
 * made by createDictionary and reached only through repeatedConfiguration and addConfiguration, so a fault of
 * the dictionary shows in the node count.
 */
final class Game {
    static final char HUMAN = 'X';
    static final char COMPUTER = 'O';
    static final char EMPTY = ' ';

    /** Something the case found wrong besides the answers (the board not left as found). */
    static final class Wrong extends Exception {
        Wrong(String reason) {
            super(reason);
        }
    }

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

    /** The answers to the keys asked (wins_x, wins_o, is_draw, eval), as "key=value" words. */
    String answers(String[] keys) throws Student.Thrown {
        StringBuilder words = new StringBuilder();
        for (String key : keys) {
            Object value;
            switch (key) {
                case "wins_x":
                    value = wins(HUMAN);
                    break;
                case "wins_o":
                    value = wins(COMPUTER);
                    break;
                case "is_draw":
                    value = isDraw();
                    break;
                case "eval":
                    value = evalBoard();
                    break;
                default:
                    continue;
            }
            words.append(words.length() == 0 ? "" : " ").append(key).append('=').append(value);
        }
        return words.toString();
    }

    /** computer_play, the reference search of docs/dictionary.md: "score=S row=R col=C nodes=N". */
    String play() throws Student.Missing, Student.Thrown, Wrong {
        String before = emptySquares();
        Method create = Student.method(configs.getClass(), "createDictionary", "HashDictionary createDictionary()");
        table = Student.call(create, configs, "createDictionary()");
        if (table == null) {
            throw new Wrong("createDictionary() returned null");
        }
        Class<?> tableType = table.getClass();
        repeatedConfiguration = Student.method(configs.getClass(), "repeatedConfiguration",
            "int repeatedConfiguration(HashDictionary)", tableType);
        addConfiguration = Student.method(configs.getClass(), "addConfiguration",
            "void addConfiguration(HashDictionary, int)", tableType, int.class);
        nodes = 0;
        int[] best = search(COMPUTER, -1, 4, 0);
        String after = emptySquares();
        if (!after.equals(before)) {
            throw new Wrong("the board was not left as it was found: squareIsEmpty answers " + after + " where it"
                + " answered " + before + " (row by row, 1 for an empty square)");
        }
        return "score=" + best[0] + " row=" + best[1] + " col=" + best[2] + " nodes=" + nodes;
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

    private String emptySquares() throws Student.Thrown {
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
