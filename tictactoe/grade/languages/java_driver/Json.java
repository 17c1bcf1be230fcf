package tictactoegrader;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The little JSON the driver speaks: it reads a request (arrays, strings, integers, true, false, null) and writes
 * observations (objects, arrays, strings, integers, booleans, null).  What it writes is ASCII: every other character,
 * a lone surrogate of a key included, is written as a backslash-u escape, so that no text of the submission's can
 * break an answer's line.
 */
final class Json {
    private final String text;
    private int at;

    private Json(String text) {
        this.text = text;
    }

    /** The value that {@code text} holds; IllegalArgumentException when it is not JSON of that kind. */
    static Object parse(String text) {
        Json reader = new Json(text);
        Object value = reader.value();
        reader.blanks();
        if (reader.at != text.length()) {
            throw new IllegalArgumentException("more after the JSON value");
        }
        return value;
    }

    private Object value() {
        blanks();
        if (at >= text.length()) {
            throw new IllegalArgumentException("the JSON ended early");
        }
        char first = text.charAt(at);
        if (first == '[') {
            return array();
        }
        if (first == '"') {
            return string();
        }
        for (String word : new String[] {"true", "false", "null"}) {
            if (text.startsWith(word, at)) {
                at += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word.equals("true"));
            }
        }
        int start = at;
        if (first == '-') {
            at++;
        }
        while (at < text.length() && Character.isDigit(text.charAt(at))) {
            at++;
        }
        return Long.parseLong(text.substring(start, at));
    }

    private List<Object> array() {
        List<Object> items = new ArrayList<>();
        at++;
        blanks();
        if (text.charAt(at) == ']') {
            at++;
            return items;
        }
        while (true) {
            items.add(value());
            blanks();
            char next = text.charAt(at++);
            if (next == ']') {
                return items;
            }
            if (next != ',') {
                throw new IllegalArgumentException("expected , or ] in a JSON array");
            }
        }
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        at++;
        while (true) {
            char next = text.charAt(at++);
            if (next == '"') {
                return out.toString();
            }
            if (next != '\\') {
                out.append(next);
                continue;
            }
            char escaped = text.charAt(at++);
            switch (escaped) {
                case 'n': out.append('\n'); break;
                case 't': out.append('\t'); break;
                case 'r': out.append('\r'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'u':
                    out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                    break;
                default: out.append(escaped); break;
            }
        }
    }

    private void blanks() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    /** {@code value} as JSON text, in ASCII. */
    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null || value instanceof Boolean || value instanceof Integer || value instanceof Long) {
            out.append(value);
        } else if (value instanceof String) {
            quote((String) value, out);
        } else if (value instanceof List) {
            out.append('[');
            String comma = "";
            for (Object item : (List<?>) value) {
                out.append(comma);
                write(item, out);
                comma = ",";
            }
            out.append(']');
        } else if (value instanceof Map) {
            out.append('{');
            String comma = "";
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                out.append(comma);
                quote(String.valueOf(entry.getKey()), out);
                out.append(':');
                write(entry.getValue(), out);
                comma = ",";
            }
            out.append('}');
        } else {
            quote(String.valueOf(value), out);
        }
    }

    private static void quote(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c >= 0x20 && c < 0x7f) {
                out.append(c);
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        out.append('"');
    }
}
