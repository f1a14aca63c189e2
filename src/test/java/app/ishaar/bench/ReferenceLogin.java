package app.ishaar.bench;

import javafx.application.Application;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Group;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.TilePane;
import javafx.scene.layout.VBox;
import javafx.scene.shape.SVGPath;
import javafx.scene.text.Font;
import javafx.stage.Stage;

/**
 * The reference login form of startup_ratio: a plain JavaFX application showing the controls of the
 * app's login dialog as a new user first sees it (the same labels, the environment's choice box,
 * the three fields and the secret's eye, the language toggles, the check box, the collapsed titled
 * pane, the demo accounts' heading, Cancel and Log in), in Modena with the app's font, and none of
 * the app's code. It is the limit a login dialog in JavaFX can start in: the app's start is
 * measured against it.
 *
 * <p>With {@value #ROWS} naming a file (installed_journey_ratio's reference journey) it is a
 * returning user's: the client ID given ({@value #CLIENT_ID}), Log in enabled, and Log in shows a
 * window with a {@code TableView} of the rows in that file (a JSON array of the history's first
 * page's notifications, as the service sends them), read with plain Jackson, one column for each of
 * the members the app's history shows.
 */
public final class ReferenceLogin extends Application {

    static final String ROWS = "bench.journey.rows";
    static final String CLIENT_ID = "bench.journey.clientId";

    /** The members of a notification shown as columns (the app's history shows these, in words). */
    static final String[] COLUMNS = {
        "receivedDateTime", "typeName", "status", "channel", "address", "finalMessage"
    };

    public static void main(String[] args) {
        Application.launch(ReferenceLogin.class, args);
    }

    @Override
    public void start(Stage stage) {
        for (String file : new String[] {"IshaarSans-Regular.ttf", "IshaarSans-Bold.ttf"}) {
            try (var in = ReferenceLogin.class.getResourceAsStream("/app/ishaar/fonts/" + file)) {
                Font.loadFont(in, 13);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        BorderPane root = new BorderPane();
        root.setStyle("-fx-font-family: \"Ishaar Sans\";");
        root.setPrefWidth(560); // as wide as the app's dialog opens
        root.setTop(header());
        root.setCenter(new VBox(10, form(), demo()));
        root.setBottom(footer(stage));
        stage.setTitle("Ishaar");
        stage.setScene(new Scene(root));
        stage.setMinWidth(460);
        stage.setMinHeight(420);
        stage.show();
        root.lookup("#clientId").requestFocus(); // the cursor where a new user types first
    }

    private static HBox header() {
        Label brand = new Label("Ishaar");
        brand.setStyle("-fx-font-weight: bold;");
        Label heading = new Label("Log in");
        heading.setStyle("-fx-font-size: 1.5em; -fx-font-weight: bold;");
        Label sub = new Label("Connect your ERP system to the invoicing service.");
        sub.setWrapText(true);
        VBox titles = new VBox(2, brand, heading, sub);
        HBox.setHgrow(titles, Priority.ALWAYS);
        ToggleGroup group = new ToggleGroup();
        ToggleButton en = new ToggleButton("English");
        ToggleButton ar = new ToggleButton("العربية");
        en.setToggleGroup(group);
        ar.setToggleGroup(group);
        en.setSelected(true);
        HBox header = new HBox(12, titles, new HBox(0, en, ar));
        header.setPadding(new Insets(16, 20, 8, 20));
        return header;
    }

    private static GridPane form() {
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(6);
        grid.setPadding(new Insets(8, 20, 8, 20));
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(labels, fields);

        ChoiceBox<String> environment = new ChoiceBox<>();
        environment
                .getItems()
                .setAll("Sandbox (built in)", "Pre-production", "Production", "Custom server");
        environment.setValue("Sandbox (built in)");
        environment.setMaxWidth(Double.MAX_VALUE);
        grid.addRow(0, new Label("Environment"), environment);

        TextField clientId = new TextField(System.getProperty(CLIENT_ID, ""));
        clientId.setId("clientId");
        grid.addRow(1, new Label("Client ID"), clientId);

        PasswordField secret = new PasswordField();
        secret.setId("secret");
        HBox.setHgrow(secret, Priority.ALWAYS);
        SVGPath eye = new SVGPath();
        eye.setContent(
                "M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5"
                        + " 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z");
        eye.setScaleX(0.7);
        eye.setScaleY(0.7);
        HBox secretBox = new HBox(4, secret, new ToggleButton(null, new Group(eye)));
        secretBox.setAlignment(Pos.CENTER_LEFT);
        grid.addRow(2, new Label("Client secret"), secretBox);

        TextField rin = new TextField();
        rin.setPromptText("Optional: 9-digit registration number");
        grid.addRow(3, new Label("On behalf of (RIN)"), rin);

        CheckBox remember = new CheckBox("Remember on this computer");
        remember.setDisable(true);
        grid.add(remember, 1, 4);

        TitledPane advanced = new TitledPane();
        advanced.setText("Advanced");
        advanced.setExpanded(false);
        advanced.setAnimated(false);
        grid.add(advanced, 0, 5, 2, 1);
        return grid;
    }

    private static VBox demo() {
        Label title = new Label("Demo accounts");
        title.setStyle("-fx-font-weight: bold;");
        Label hint = new Label("One click fills in a demo account of the built-in sandbox.");
        hint.setWrapText(true);
        TilePane accounts = new TilePane(6, 6);
        accounts.setPrefColumns(2);
        accounts.setMinHeight(2 * 42 + 6);
        VBox box = new VBox(4, title, hint, accounts);
        box.setPadding(new Insets(8, 20, 0, 20));
        return box;
    }

    private static HBox footer(Stage stage) {
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button cancel = new Button("Cancel");
        Button login = new Button("Log in");
        login.setId("login-button");
        login.setDefaultButton(true);
        String rows = System.getProperty(ROWS);
        login.setDisable(rows == null);
        if (rows != null) {
            login.setOnAction(e -> showRows(stage, java.nio.file.Path.of(rows)));
        }
        HBox bar = new HBox(8, spacer, cancel, login);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(10, 20, 16, 20));
        return bar;
    }

    /** The first page's rows in a table, in a window of the main window's size, the form closed. */
    private static void showRows(Stage login, java.nio.file.Path file) {
        com.fasterxml.jackson.databind.JsonNode items;
        try {
            items = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        javafx.scene.control.TableView<com.fasterxml.jackson.databind.JsonNode> table =
                new javafx.scene.control.TableView<>();
        table.setId("history-table");
        for (String member : COLUMNS) {
            javafx.scene.control.TableColumn<com.fasterxml.jackson.databind.JsonNode, String>
                    column = new javafx.scene.control.TableColumn<>(member);
            column.setCellValueFactory(
                    c ->
                            new javafx.beans.property.ReadOnlyStringWrapper(
                                    c.getValue().path(member).asText("")));
            column.setPrefWidth(180);
            table.getColumns().add(column);
        }
        java.util.List<com.fasterxml.jackson.databind.JsonNode> rows = new java.util.ArrayList<>();
        items.forEach(rows::add);
        table.getItems().setAll(rows);
        BorderPane root = new BorderPane(table);
        root.setStyle("-fx-font-family: \"Ishaar Sans\";");
        Stage main = new Stage();
        main.setTitle("Ishaar");
        main.setScene(new Scene(root, 1100, 720));
        main.show();
        login.close();
    }
}
