package app.ishaar;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The window icons the stages load from the classpath (/app/ishaar/icons/, generated from
 * icons/ishaar.svg by installer/make-icons.sh) ship in the jar, decode, have the size their name
 * says, and are not blank.
 */
class IconResourcesTest {

    @ParameterizedTest
    @ValueSource(ints = {16, 24, 32, 48, 64, 128, 256, 512})
    void windowIconIsOnTheClasspathAtItsSize(int size) throws IOException {
        String name = "/app/ishaar/icons/ishaar-" + size + ".png";
        try (InputStream in = IconResourcesTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            BufferedImage image = ImageIO.read(in);
            assertThat(image).as(name + " decodes as PNG").isNotNull();
            assertThat(image.getWidth()).as(name + " width").isEqualTo(size);
            assertThat(image.getHeight()).as(name + " height").isEqualTo(size);
            // transparent corners (rounded tile) and an opaque centre (the bell)
            assertThat(image.getRGB(0, 0) >>> 24).as(name + " corner alpha").isZero();
            assertThat(image.getRGB(size / 2, size / 2) >>> 24)
                    .as(name + " centre alpha")
                    .isEqualTo(0xFF);
        }
    }
}
