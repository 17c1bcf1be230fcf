package tictactoegrader;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One of the submission's HashDictionary objects, with its four operations called by reflection. */
final class Table {
    final Object dictionary;
    private final Student student;
    private Method put;
    private Method remove;
    private Method get;
    private Method numRecords;

    private Table(Student student, Object dictionary) {
        this.student = student;
        this.dictionary = dictionary;
    }

    static Table create(Student student, int size) throws Student.Missing, Student.Thrown {
        return new Table(student, student.construct("HashDictionary", "new HashDictionary(" + size + ")", size));
    }

    /** {@code put(new Data(key, score))}: its result, or Thrown naming the call ("new Data" or "put"). */
    Object put(String key, int score) throws Student.Missing, Student.Thrown {
        Object record = student.construct("Data", "new Data", key, score);
        if (put == null) {
            put = Student.method(dictionary.getClass(), "put", "int put(Data)", record.getClass());
        }
        return Student.call(put, dictionary, "put", record);
    }

    Object remove(String key) throws Student.Missing, Student.Thrown {
        if (remove == null) {
            remove = Student.method(dictionary.getClass(), "remove", "void remove(String)", String.class);
        }
        return Student.call(remove, dictionary, "remove", key);
    }

    Object get(String key) throws Student.Missing, Student.Thrown {
        if (get == null) {
            get = Student.method(dictionary.getClass(), "get", "int get(String)", String.class);
        }
        return Student.call(get, dictionary, "get", key);
    }

    Object numRecords() throws Student.Missing, Student.Thrown {
        if (numRecords == null) {
            numRecords = Student.method(dictionary.getClass(), "numRecords", "int numRecords()");
        }
        return Student.call(numRecords, dictionary, "numRecords()");
    }

    /** put, get or remove of the keys {@code String.valueOf(n)} repeated {@code copies} times, n from first on. */
    Map<String, Object> bulk(String operation, long first, long count, long copies) {
        List<Object> values = new ArrayList<>();
        Map<String, Object> observation = new LinkedHashMap<>();
        try {
            for (long number = first; number < first + count; number++) {
                String key = String.valueOf(number).repeat((int) copies);
                switch (operation) {
                    case "puts":
                        values.add(Student.value(put(key, (int) number)));
                        break;
                    case "gets":
                        values.add(Student.value(get(key)));
                        break;
                    default:
                        values.add(Student.value(remove(key)));
                        break;
                }
            }
        } catch (Student.Thrown thrown) {
            observation.putAll(thrown.observed());
        } catch (Student.Missing missing) {
            observation.put("fault", missing.getMessage());
        }
        observation.put("vs", values);
        return observation;
    }
}
