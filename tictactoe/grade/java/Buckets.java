package tictactoegrader;

/**
 * Collisions where they are forced: on a table of one bucket every record after the first collides, and on a
 * table of two buckets five records make at least three collisions, whatever the hash.  TestDict's test 10 only
 * bounds the count from above, so a put that never reports a collision passes it; these tests do not.
 */
final class Buckets {
    private Buckets() {
    }

    static DictTests.Verdict run(Student student, int buckets) {
        try {
            Table table = Table.create(student, buckets);
            if (buckets == 1) {
                oneBucket(table);
            } else {
                twoBuckets(table);
            }
            return new DictTests.Verdict("pass", "");
        } catch (DictTests.Failed failure) {
            return new DictTests.Verdict("fail", failure.getMessage());
        } catch (Student.Missing missing) {
            return new DictTests.Verdict("error", missing.getMessage());
        } catch (Student.Thrown thrown) {
            return new DictTests.Verdict("error", thrown.getMessage());
        }
    }

    private static void oneBucket(Table table) throws DictTests.Failed, Student.Missing, Student.Thrown {
        String[] keys = {"a", "b", "c"};
        for (int i = 0; i < keys.length; i++) {
            int result = table.put(keys[i], i, Student.quoted(keys[i]));
            int expected = i == 0 ? 0 : 1;
            if (result != expected) {
                throw new DictTests.Failed("on a table of 1 bucket, put of " + Student.quoted(keys[i]) + " after " + i
                    + " record(s) returned " + result + ", not " + expected
                    + " (put returns 1 when the record's bucket already held a record)");
            }
        }
        expectRecords(table, keys, "on a table of 1 bucket");
        for (String key : keys) {
            table.remove(key, Student.quoted(key));
        }
        expectCount(table, 0, "after removing the 3 records of a table of 1 bucket");
        int result = table.put("d", 3, "'d'");
        if (result != 0) {
            throw new DictTests.Failed("on a table of 1 bucket whose records were all removed, put of 'd' returned "
                + result + ", not 0: the bucket was empty again");
        }
    }

    private static void twoBuckets(Table table) throws DictTests.Failed, Student.Missing, Student.Thrown {
        String[] keys = {"k0", "k1", "k2", "k3", "k4"};
        int sum = 0;
        for (int i = 0; i < keys.length; i++) {
            int result = table.put(keys[i], i, Student.quoted(keys[i]));
            if (result != 0 && result != 1 || i == 0 && result != 0) {
                throw new DictTests.Failed("on a table of 2 buckets, put of " + Student.quoted(keys[i]) + " after " + i
                    + " record(s) returned " + result + ", not " + (i == 0 ? "0" : "0 or 1"));
            }
            sum += result;
        }
        if (sum < 3) {
            throw new DictTests.Failed("on a table of 2 buckets, 5 puts reported " + sum + " collision(s): at least 3"
                + " are forced, since at most 2 records can find their bucket empty");
        }
        expectRecords(table, keys, "on a table of 2 buckets");
    }

    private static void expectRecords(Table table, String[] keys, String where)
            throws DictTests.Failed, Student.Missing, Student.Thrown {
        for (int i = 0; i < keys.length; i++) {
            int score = table.get(keys[i], Student.quoted(keys[i]));
            if (score != i) {
                throw new DictTests.Failed(where + ", get of " + Student.quoted(keys[i]) + " returned " + score
                    + ", not its score " + i);
            }
        }
        expectCount(table, keys.length, where + ", after " + keys.length + " puts");
    }

    private static void expectCount(Table table, int expected, String where)
            throws DictTests.Failed, Student.Missing, Student.Thrown {
        int count = table.numRecords();
        if (count != expected) {
            throw new DictTests.Failed(where + ", numRecords() returned " + count + ", not " + expected);
        }
    }
}
