package org.instrumentelement.ial.mock;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.instrumentelement.ial.scpi.device.CommandTree;
import org.instrumentelement.ial.scpi.device.ProgramData;
import org.instrumentelement.ial.scpi.device.ScpiError;
import org.instrumentelement.ial.scpi.device.ScpiErrorException;

/** A model's disk in its command tree: screen pictures saved to files, read back and deleted. */
final class DiskCommands {
  /** The image format of a file name's extension. */
  private static final Map<String, String> EXTENSIONS =
      Map.of(
          "png", "png", "bmp", "bmp", "jpg", "jpeg", "jpeg", "jpeg", "gif", "gif", "tif", "tiff",
          "tiff", "tiff");

  private DiskCommands() {}

  static void addTo(CommandTree<MockCommand> tree, DeviceState d) {
    for (MockDisk disk : d.description.disks) {
      MockScreen screen =
          d.description.screens.stream()
              .filter(s -> s.name().equals(disk.screen()))
              .findFirst()
              .orElseThrow();
      tree.add(disk.save(), (ch, p) -> save(d, disk, screen, p));
      if (disk.read() != null) {
        tree.add(disk.read(), (ch, p) -> d.definiteBlock(d.disk.read(path(d, disk, name(p)))));
      }
      if (disk.send() != null) {
        tree.add(disk.send(), (ch, p) -> d.disk.read(path(d, disk, name(p))).clone());
      }
      if (disk.delete() != null) {
        tree.add(
            disk.delete(),
            (ch, p) -> {
              d.disk.delete(path(d, disk, name(p)));
              return null;
            });
      }
    }
  }

  private static byte[] save(
      DeviceState d, MockDisk disk, MockScreen screen, List<ProgramData> params)
      throws ScpiErrorException {
    String path;
    String format;
    if (disk.saveName() != null) {
      BuiltInCommands.none(params, null);
      String extension = ScreenCommands.formatKey(d, screen).toLowerCase(Locale.ROOT);
      path = path(d, disk, d.settings.value(disk.saveName(), 1) + "." + extension);
      format = ScreenCommands.currentFormat(d, screen);
    } else {
      path = path(d, disk, name(params));
      String extension = path.substring(path.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
      format = path.contains(".") ? EXTENSIONS.get(extension) : null;
      boolean offered =
          screen.formats().isEmpty()
              ? screen.format().equals(format)
              : screen.formats().values().contains(format);
      if (format == null || !offered) {
        throw new ScpiErrorException(
            ScpiError.FILE_NAME.withDetail(path + ": not an image format of this instrument"));
      }
    }
    if (!disk.overwrite() && d.disk.exists(path)) {
      throw new ScpiErrorException(ScpiError.EXECUTION.withDetail(path + " exists"));
    }
    d.disk.write(
        path, ScreenCommands.draw(d, screen, format, false, ScreenCommands.inverted(d, screen)));
    return null;
  }

  /** The one string parameter naming a file. */
  private static String name(List<ProgramData> p) throws ScpiErrorException {
    if (p.isEmpty()) {
      throw new ScpiErrorException(ScpiError.MISSING_PARAMETER.withDetail("file name"));
    }
    if (p.size() > 1) {
      throw new ScpiErrorException(ScpiError.PARAMETER_NOT_ALLOWED.withDetail(p.get(1).toString()));
    }
    if (p.get(0).kind() != ProgramData.Kind.STRING) {
      throw new ScpiErrorException(ScpiError.DATA_TYPE.withDetail("a file name is a string"));
    }
    return p.get(0).text();
  }

  private static String path(DeviceState d, MockDisk disk, String name) throws ScpiErrorException {
    Object directory = disk.directory() == null ? null : d.settings.value(disk.directory(), 1);
    return VirtualDisk.path(directory == null ? null : directory.toString(), name);
  }
}
