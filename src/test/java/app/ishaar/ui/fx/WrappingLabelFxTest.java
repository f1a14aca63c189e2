package app.ishaar.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.NodeOrientation;
import javafx.scene.Scene;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A wrapping label's lines stay inside it, in order, in both directions (JavaFX 21's own label ran
 * wrapped Arabic lines past its edge, out of order), and it is as tall as its lines.
 */
class WrappingLabelFxTest extends OwnStageFxTestBase {

    private static final String ARABIC =
            "مستخدم نظام ERP هذا موقوف. اطلب من مسؤول حساب الممول على بوابة الفاتورة الإلكترونية إلغاء الإيقاف.";
    private static final String ENGLISH =
            "This ERP system user is blocked. Ask the taxpayer's account administrator on the e-invoicing portal to unblock it.";

    private WrappingLabel show(String text, NodeOrientation orientation, double width)
            throws Exception {
        WrappingLabel[] label = new WrappingLabel[1];
        WaitForAsyncUtils.asyncFx(
                        () -> {
                            label[0] = new WrappingLabel(text);
                            label[0].setStyle("-fx-font-size: 14px;");
                            label[0].setPrefWidth(width);
                            label[0].setMaxWidth(width);
                            VBox root = new VBox(label[0]);
                            root.setStyle("-fx-padding: 20;");
                            Scene scene = new Scene(root, width + 40, 300);
                            scene.setNodeOrientation(orientation);
                            stage = new Stage();
                            stage.setScene(scene);
                            stage.show();
                        })
                .get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        return label[0];
    }

    private static List<Text> lines(WrappingLabel label) throws Exception {
        return WaitForAsyncUtils.asyncFx(
                        () ->
                                label.lookupAll("Text").stream()
                                        .filter(n -> n instanceof Text)
                                        .map(n -> (Text) n)
                                        .toList())
                .get(10, TimeUnit.SECONDS);
    }

    private void checkLinesInside(String text, NodeOrientation orientation) throws Exception {
        WrappingLabel label = show(text, orientation, 300);
        List<Text> lines = lines(label);
        assertThat(lines).as("%s: wrapped at 300 px", orientation).hasSizeGreaterThan(1);
        Bounds box =
                WaitForAsyncUtils.asyncFx(() -> label.localToScene(label.getLayoutBounds()))
                        .get(10, TimeUnit.SECONDS);
        double previousBottom = Double.NEGATIVE_INFINITY;
        for (Text line : lines) {
            Bounds b =
                    WaitForAsyncUtils.asyncFx(() -> line.localToScene(line.getLayoutBounds()))
                            .get(10, TimeUnit.SECONDS);
            assertThat(b.getMinX())
                    .as("%s: line '%s' starts inside the label", orientation, line.getText())
                    .isGreaterThanOrEqualTo(box.getMinX() - 0.5);
            assertThat(b.getMaxX())
                    .as("%s: line '%s' ends inside the label", orientation, line.getText())
                    .isLessThanOrEqualTo(box.getMaxX() + 0.5);
            assertThat(b.getMaxY())
                    .as("%s: line '%s' inside the label's height", orientation, line.getText())
                    .isLessThanOrEqualTo(box.getMaxY() + 0.5);
            assertThat(b.getMinY())
                    .as("lines one under the other")
                    .isGreaterThanOrEqualTo(previousBottom - 0.5);
            previousBottom = b.getMaxY();
            // each line starts at the reading side
            if (orientation == NodeOrientation.RIGHT_TO_LEFT) {
                assertThat(box.getMaxX() - b.getMaxX())
                        .as("right-aligned: '%s'", line.getText())
                        .isLessThan(1.0);
            } else {
                assertThat(b.getMinX() - box.getMinX())
                        .as("left-aligned: '%s'", line.getText())
                        .isLessThan(1.0);
            }
        }
        // in order, nothing lost or repeated
        assertThat(String.join(" ", lines.stream().map(Text::getText).toList())).isEqualTo(text);
        assertThat(label.getText())
                .as("the label keeps its text for screen readers and tests")
                .isEqualTo(text);
    }

    @Test
    void rightToLeftLinesStayInsideInOrderAndStartAtTheRight() throws Exception {
        checkLinesInside(ARABIC, NodeOrientation.RIGHT_TO_LEFT);
    }

    @Test
    void leftToRightLinesStayInsideInOrderAndStartAtTheLeft() throws Exception {
        checkLinesInside(ENGLISH, NodeOrientation.LEFT_TO_RIGHT);
    }

    @Test
    void aNewTextOrAnotherWidthBreaksTheLinesAnew() throws Exception {
        WrappingLabel label = show(ENGLISH, NodeOrientation.LEFT_TO_RIGHT, 300);
        double tall = WaitForAsyncUtils.asyncFx(label::getHeight).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.asyncFx(() -> label.setText("Short.")).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lines(label)).extracting(Text::getText).containsExactly("Short.");
        assertThat(WaitForAsyncUtils.asyncFx(label::getHeight).get(10, TimeUnit.SECONDS))
                .as("one line is lower")
                .isLessThan(tall);
        WaitForAsyncUtils.asyncFx(
                        () -> {
                            label.setText(ENGLISH);
                            label.setPrefWidth(150);
                            label.setMaxWidth(150);
                        })
                .get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lines(label).size()).as("narrower, more lines").isGreaterThan(3);
    }
}
