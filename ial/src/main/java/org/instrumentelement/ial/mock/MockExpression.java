package org.instrumentelement.ial.mock;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * An arithmetic expression in a mock model ({@code scale * 8 / codes}, {@code -timebase * 5}):
 * numbers, names of properties and derived values, {@code + - * /}, unary minus and parentheses.
 * Compiled once when the model loads, evaluated at every query with the device's current values.
 */
final class MockExpression {
  private interface Node {
    double eval(ToDoubleFunction<String> names);
  }

  private final String text;
  private final Node root;
  private final Set<String> names;

  private MockExpression(String text, Node root, Set<String> names) {
    this.text = text;
    this.root = root;
    this.names = Collections.unmodifiableSet(names);
  }

  /**
   * Compiles an expression.
   *
   * @throws IllegalArgumentException if it is not one
   */
  static MockExpression compile(String text) {
    Parser p = new Parser(text);
    Node root = p.sum();
    p.skipSpaces();
    if (p.pos < text.length()) {
      throw new IllegalArgumentException(
          "unexpected '" + text.charAt(p.pos) + "' at " + p.pos + " in expression '" + text + "'");
    }
    return new MockExpression(text.trim(), root, p.names);
  }

  /** The value, with each name resolved by {@code names}. */
  double evaluate(ToDoubleFunction<String> names) {
    return root.eval(names);
  }

  /** The names it refers to, so the model can check them when it loads. */
  Set<String> names() {
    return names;
  }

  /** Whether the expression is a single name (a property to show as the device formats it). */
  boolean isName() {
    return names.size() == 1 && names.contains(text);
  }

  @Override
  public String toString() {
    return text;
  }

  /** Recursive descent over sum := product (('+'|'-') product)*, and so on down. */
  private static final class Parser {
    final String s;
    int pos;
    final Set<String> names = new LinkedHashSet<>();

    Parser(String s) {
      this.s = s;
    }

    Node sum() {
      Node left = product();
      while (true) {
        skipSpaces();
        if (eat('+')) {
          Node l = left;
          Node r = product();
          left = v -> l.eval(v) + r.eval(v);
        } else if (eat('-')) {
          Node l = left;
          Node r = product();
          left = v -> l.eval(v) - r.eval(v);
        } else {
          return left;
        }
      }
    }

    Node product() {
      Node left = factor();
      while (true) {
        skipSpaces();
        if (eat('*')) {
          Node l = left;
          Node r = factor();
          left = v -> l.eval(v) * r.eval(v);
        } else if (eat('/')) {
          Node l = left;
          Node r = factor();
          left = v -> l.eval(v) / r.eval(v);
        } else {
          return left;
        }
      }
    }

    Node factor() {
      skipSpaces();
      if (eat('-')) {
        Node f = factor();
        return v -> -f.eval(v);
      }
      if (eat('+')) {
        return factor();
      }
      if (eat('(')) {
        Node inner = sum();
        skipSpaces();
        if (!eat(')')) {
          throw error("')' expected");
        }
        return inner;
      }
      int start = pos;
      if (pos < s.length() && (Character.isDigit(s.charAt(pos)) || s.charAt(pos) == '.')) {
        while (pos < s.length()
            && (Character.isLetterOrDigit(s.charAt(pos))
                || s.charAt(pos) == '.'
                || ((s.charAt(pos) == '-' || s.charAt(pos) == '+')
                    && (s.charAt(pos - 1) == 'e' || s.charAt(pos - 1) == 'E')))) {
          pos++;
        }
        try {
          double d = Double.parseDouble(s.substring(start, pos));
          return v -> d;
        } catch (NumberFormatException e) {
          throw error("bad number '" + s.substring(start, pos) + "'");
        }
      }
      if (pos < s.length() && (Character.isLetter(s.charAt(pos)) || s.charAt(pos) == '_')) {
        while (pos < s.length()
            && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_')) {
          pos++;
        }
        String name = s.substring(start, pos);
        names.add(name);
        return v -> v.applyAsDouble(name);
      }
      throw error(pos < s.length() ? "unexpected '" + s.charAt(pos) + "'" : "unexpected end");
    }

    boolean eat(char c) {
      if (pos < s.length() && s.charAt(pos) == c) {
        pos++;
        return true;
      }
      return false;
    }

    void skipSpaces() {
      while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
        pos++;
      }
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException(what + " at " + pos + " in expression '" + s + "'");
    }
  }
}
