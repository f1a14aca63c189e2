package app.ishaar.ui.settings;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Window;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A window's scene as a PNG in the folder {@code -Dishaar.screenshots.dir} names (the docs'
 * screenshots: {@code docs/screenshots}); nothing when it is not set.
 */
public final class Screenshots {
    private Screenshots() {}

    public static void take(Window window, String name) throws Exception {
        String dir = System.getProperty("ishaar.screenshots.dir");
        if (dir == null || dir.isBlank()) {
            return;
        }
        BufferedImage out =
                WaitForAsyncUtils.asyncFx(
                                () -> {
                                    BufferedImage image = image(window.getScene().snapshot(null));
                                    // the window's open pop-ups (a list dropped down) where they
                                    // show over it
                                    java.awt.Graphics2D g = image.createGraphics();
                                    for (Window w : Window.getWindows()) {
                                        if (w instanceof javafx.stage.PopupWindow p
                                                && p.isShowing()
                                                && p.getOwnerWindow() == window) {
                                            g.drawImage(
                                                    image(p.getScene().snapshot(null)),
                                                    (int) (p.getX() - window.getX()),
                                                    (int) (p.getY() - window.getY()),
                                                    null);
                                        }
                                    }
                                    g.dispose();
                                    return image;
                                })
                        .get(10, TimeUnit.SECONDS);
        Path target = Path.of(dir).resolve(name);
        Files.createDirectories(target.getParent());
        javax.imageio.ImageIO.write(out, "png", target.toFile());
    }

    private static BufferedImage image(WritableImage image) {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader pixels = image.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                out.setRGB(x, y, pixels.getArgb(x, y));
            }
        }
        return out;
    }
}
