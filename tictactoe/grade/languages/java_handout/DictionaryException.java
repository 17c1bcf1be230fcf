/** A key stored twice or removed while absent, as the course hands it out (supplied by the grader). */
public class DictionaryException extends RuntimeException {
    public DictionaryException() {
        super();
    }

    public DictionaryException(String message) {
        super(message);
    }
}
