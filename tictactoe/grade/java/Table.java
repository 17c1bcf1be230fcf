package tictactoegrader;

import java.lang.reflect.Method;

/** One of the submission's HashDictionary objects, with its four operations called by reflection. */
final class Table {
    final Object dictionary;
    private final Student student;
    private Method put;
    private Method remove;
    private Method get;
    private Method numRecords;

    Table(Student student, Object dictionary) {
        this.student = student;
        this.dictionary = dictionary;
    }

    static Table create(Student student, int size) throws Student.Missing, Student.Thrown {
        return new Table(student, student.construct("HashDictionary", "new HashDictionary(" + size + ")", size));
    }

    /** {@code put(new Data(key, score))}: its result, or Thrown naming the call. */
    int put(String key, int score, String shownKey) throws Student.Missing, Student.Thrown {
        Object record = student.construct("Data", "new Data(" + shownKey + ", " + score + ")", key, score);
        if (put == null) {
            put = Student.method(dictionary.getClass(), "put", "int put(Data)", record.getClass());
        }
        return (Integer) Student.call(put, dictionary, "put of " + shownKey, record);
    }

    void remove(String key, String shownKey) throws Student.Missing, Student.Thrown {
        if (remove == null) {
            remove = Student.method(dictionary.getClass(), "remove", "void remove(String)", String.class);
        }
        Student.call(remove, dictionary, "remove of " + shownKey, key);
    }

    int get(String key, String shownKey) throws Student.Missing, Student.Thrown {
        if (get == null) {
            get = Student.method(dictionary.getClass(), "get", "int get(String)", String.class);
        }
        return (Integer) Student.call(get, dictionary, "get of " + shownKey, key);
    }

    int numRecords() throws Student.Missing, Student.Thrown {
        if (numRecords == null) {
            numRecords = Student.method(dictionary.getClass(), "numRecords", "int numRecords()");
        }
        return (Integer) Student.call(numRecords, dictionary, "numRecords()");
    }
}
