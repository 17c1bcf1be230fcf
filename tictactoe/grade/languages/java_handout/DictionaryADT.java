/** The dictionary's operations, as the course hands them out (supplied by the grader: the submission lacked it). */
public interface DictionaryADT {
    public int put(Data record) throws DictionaryException;

    public void remove(String config) throws DictionaryException;

    public int get(String config);

    public int numRecords();
}
