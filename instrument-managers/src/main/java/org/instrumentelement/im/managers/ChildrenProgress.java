package org.instrumentelement.im.managers;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.im.command.CommandProgress;
import org.instrumentelement.im.model.Value;

/**
 * The progress of a command run on several children at once, told as one: the fraction is the
 * children's mean, the text each child's own ({@code lab/scope1 40% (trace 4 of 10); ...}), and
 * each child's end an intermediate result ({@code lab/scope1: succeeded}). A cancel of the whole
 * reaches every child.
 */
final class ChildrenProgress {
  private final CommandProgress whole;
  private final double[] fractions;
  private final String[] texts;
  private final List<String> failures = new ArrayList<>();

  ChildrenProgress(CommandProgress whole, int children) {
    this.whole = whole;
    this.fractions = new double[children];
    this.texts = new String[children];
  }

  /** The progress one child reports into. */
  CommandProgress child(int index, String path) {
    synchronized (this) {
      texts[index] = path + " waiting";
    }
    return new CommandProgress() {
      @Override
      public void report(double fraction, String text) {
        update(index, fraction, path + " " + Math.round(fraction * 100) + "% (" + text + ")");
      }

      @Override
      public void intermediate(Value value) {}

      @Override
      public boolean cancelRequested() {
        return whole.cancelRequested();
      }
    };
  }

  private void update(int index, double fraction, String text) {
    double mean;
    String all;
    synchronized (this) {
      fractions[index] = Math.max(0, Math.min(1, fraction));
      texts[index] = text;
      double sum = 0;
      for (double f : fractions) {
        sum += f;
      }
      mean = sum / fractions.length;
      all = String.join("; ", texts);
    }
    whole.report(mean, all);
  }

  /** A child's command ended (or was refused). */
  void ended(int index, String path, GroupManager.ChildOutcome outcome) {
    if (outcome.succeeded()) {
      update(index, 1, path + " " + outcome.text());
    } else {
      synchronized (this) {
        failures.add(path + ": " + outcome.text());
      }
    }
    whole.intermediate(Value.ofString(path + ": " + outcome.text(), Instant.now()));
  }

  /** The children that failed, with why. */
  synchronized List<String> failures() {
    return List.copyOf(failures);
  }
}
