package tictactoegrader;

import java.util.ArrayList;
import java.util.List;

/**
 * TestDict's ten tests (docs/dictionary.md) on the submission's HashDictionary(13441), and the grader's two tests of
 * forced collisions on tables of one and two buckets.  The wording of every failure is the Python harness's
 * (tictactoe.harness.dict_tests), so that a Java and a Python submission read alike.
 *
 * The ten tests share one table, as in TestDict: each is a set-up that changes the table and a check that reads
 * it, and a test first runs, silently, the set-ups of the tests it builds on that have not run in this process.
 */
final class DictTests {
    static final int TABLE_SIZE = 13441;
    static final int BULK_COUNT = 10000;
    static final int BULK_REMOVED = 1000;
    static final int COLLISION_LIMIT = 2800;
    private static final String[][] FIRST_RECORDS = {{"answer", "42"}, {"record2", "42"}, {"record3", "40"},
        {"2record", "42"}};
    private static final String[] ABSENT_KEYS = {"chicken", "2", "record"};
    private static final String[] REMOVED_KEYS = {"answer", "record2"};
    /** The tests each test builds on, test n at index n. */
    private static final int[][] REQUIRES = {{}, {}, {1}, {1}, {1}, {1}, {1}, {6}, {7}, {7}, {7}};

    /** A test's verdict: "pass", "fail" or "error", and the reason or note. */
    static final class Verdict {
        final String status;
        final String text;

        Verdict(String status, String text) {
            this.status = status;
            this.text = text;
        }
    }

    /** A check found the dictionary wrong. */
    static final class Failed extends Exception {
        Failed(String reason) {
            super(reason);
        }
    }

    private final Student student;
    private Table table;
    private Integer collisions;
    private final List<String> notes = new ArrayList<>();
    /** For each test that has had its turn, why its set-up could not run ("" when it ran); null before. */
    private final String[] done = new String[11];

    DictTests(Student student) {
        this.student = student;
    }

    Verdict run(int number) {
        String blocked = setUpRequirements(number);
        Verdict verdict;
        if (!blocked.isEmpty()) {
            verdict = new Verdict("fail", blocked);
        } else {
            notes.clear();
            verdict = step(number, true);
            if (verdict == null) {
                verdict = step(number, false);
            }
            if (verdict == null) {
                verdict = new Verdict("pass", String.join("; ", notes));
            }
        }
        done[number] = blocked;
        return verdict;
    }

    private String setUpRequirements(int number) {
        for (int required : REQUIRES[number]) {
            String blocked = done[required];
            if (blocked == null) {
                blocked = setUpRequirements(required);
                if (blocked.isEmpty()) {
                    Verdict failure = step(required, true);
                    blocked = failure == null ? "" : "could not set up: test " + required + " failed: " + failure.text;
                }
                done[required] = blocked;
            }
            if (!blocked.isEmpty()) {
                return blocked;
            }
        }
        return "";
    }

    /** Test {@code number}'s set-up or check; null when it passed. */
    private Verdict step(int number, boolean setUp) {
        try {
            if (table == null) {
                table = Table.create(student, TABLE_SIZE);
            }
            if (setUp) {
                setUp(number);
            } else {
                check(number);
            }
            return null;
        } catch (Failed failure) {
            return new Verdict("fail", failure.getMessage());
        } catch (Student.Missing missing) {
            return new Verdict("error", missing.getMessage());
        } catch (Student.Thrown thrown) {
            return new Verdict("error", thrown.getMessage().replaceFirst(" threw ", " raised "));
        }
    }

    private void setUp(int number) throws Failed, Student.Missing, Student.Thrown {
        switch (number) {
            case 1:
                for (String[] record : FIRST_RECORDS) {
                    table.put(record[0], Integer.parseInt(record[1]), Student.quoted(record[0]));
                }
                break;
            case 6:
                for (String key : REMOVED_KEYS) {
                    table.remove(key, Student.quoted(key));
                }
                break;
            case 7:
                putBulkKeys();
                break;
            case 9:
                for (int i = 0; i < BULK_REMOVED; i++) {
                    table.remove(bulkKey(i), bulkLabel(i));
                }
                break;
            default:
                break;
        }
    }

    private void check(int number) throws Failed, Student.Missing, Student.Thrown {
        switch (number) {
            case 2:
                mustRaise("put of an existing key", true, FIRST_RECORDS[0][0]);
                break;
            case 3:
                getFirstRecords();
                break;
            case 4:
                for (String key : ABSENT_KEYS) {
                    int score = table.get(key, Student.quoted(key));
                    if (score != -1) {
                        throw new Failed("get of the absent key " + Student.quoted(key) + " returned " + score
                            + ", not -1");
                    }
                }
                break;
            case 5:
                mustRaise("remove of an absent key", false, ABSENT_KEYS[0]);
                break;
            case 6:
                for (String key : REMOVED_KEYS) {
                    int score = table.get(key, Student.quoted(key));
                    if (score != -1) {
                        throw new Failed("get of the removed key " + Student.quoted(key) + " returned " + score
                            + ", not -1");
                    }
                }
                break;
            case 8:
                findBulkKeys(0, "");
                break;
            case 9:
                findBulkKeys(BULK_REMOVED, "after removing the first " + BULK_REMOVED + " keys, ");
                break;
            case 10:
                checkCollisions();
                break;
            default:
                break;
        }
    }

    private void mustRaise(String action, boolean put, String key) throws Failed, Student.Missing {
        try {
            if (put) {
                table.put(key, 56, Student.quoted(key));
            } else {
                table.remove(key, Student.quoted(key));
            }
        } catch (Student.Thrown thrown) {
            if (Student.isDictionaryException(thrown.cause)) {
                return;
            }
            throw new Failed(action + " raised " + Student.describe(thrown.cause) + ", not DictionaryException");
        }
        throw new Failed(action + " did not raise DictionaryException");
    }

    private void getFirstRecords() throws Failed, Student.Missing, Student.Thrown {
        List<String> missing = new ArrayList<>();
        for (String[] record : FIRST_RECORDS) {
            if (table.get(record[0], Student.quoted(record[0])) == -1) {
                missing.add(Student.quoted(record[0]));
            }
        }
        if (!missing.isEmpty()) {
            throw new Failed("get returned -1 for the stored key(s) " + String.join(", ", missing));
        }
    }

    private void putBulkKeys() throws Failed, Student.Missing, Student.Thrown {
        int sum = 0;
        for (int i = 0; i < BULK_COUNT; i++) {
            int result = table.put(bulkKey(i), i, bulkLabel(i));
            if (result != 0 && result != 1) {
                throw new Failed("put of " + bulkLabel(i) + " returned " + result + ", not 0 or 1");
            }
            sum += result;
        }
        collisions = sum;
    }

    private void findBulkKeys(int first, String context) throws Failed, Student.Missing, Student.Thrown {
        int missing = 0;
        int firstMissing = -1;
        for (int i = first; i < BULK_COUNT; i++) {
            if (table.get(bulkKey(i), bulkLabel(i)) == -1) {
                missing++;
                if (firstMissing < 0) {
                    firstMissing = i;
                }
            }
        }
        if (missing == 0) {
            return;
        }
        if (first == 0) {
            throw new Failed(missing + " of the " + BULK_COUNT + " keys not found, the first " + bulkLabel(firstMissing));
        }
        throw new Failed(context + missing + " of the other " + (BULK_COUNT - first) + " were not found, the first "
            + bulkLabel(firstMissing));
    }

    private void checkCollisions() throws Failed {
        if (collisions == null) {
            throw new Failed("no collision count: test 7 did not complete");
        }
        notes.add("Collisions: " + collisions + " (must be below " + COLLISION_LIMIT + ")");
        if (collisions >= COLLISION_LIMIT) {
            throw new Failed(collisions + " collisions, not below " + COLLISION_LIMIT);
        }
    }

    /** Test 7's key for {@code number}: its digits doubled five times, made afresh at every call. */
    static String bulkKey(int number) {
        String key = Integer.toString(number);
        for (int i = 0; i < 5; i++) {
            key += key;
        }
        return key;
    }

    static String bulkLabel(int number) {
        return "key #" + number + " (str(" + number + ") * 32)";
    }
}
