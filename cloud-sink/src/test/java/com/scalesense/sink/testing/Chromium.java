package com.scalesense.sink.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium ({@code apt-get install chromium chromium-driver}) driven through its
 * own chromedriver, both named by path: with the driver's path given, Selenium's DriverFinder
 * takes it and never runs Selenium Manager (which would look for or download a driver), so nothing
 * here reaches beyond 127.0.0.1. One instance is one browser process; close it.
 */
public final class Chromium implements AutoCloseable {

    public static final Path BROWSER = Path.of("/usr/bin/chromium");
    public static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private final ChromeDriver driver;

    private Chromium(ChromeDriver driver) {
        this.driver = driver;
    }

    /** Skips the calling test, saying why, where the Debian packages are not installed. */
    public static void assumeInstalled() {
        Assumptions.assumeTrue(Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER),
                "Chromium is not installed (" + BROWSER + ", " + DRIVER + "): the browser test needs Debian's "
                        + "packages, apt-get install chromium chromium-driver (CI's .ci/run installs them)");
    }

    /** Starts a headless browser with a {@code width} x {@code height} CSS pixel window. */
    public static Chromium start(int width, int height) {
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort()
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BROWSER.toFile());
        // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start. The rest keep a
        // test browser from phoning home (updates, sync, field trials) or waiting on a GPU.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=" + width + "," + height, "--hide-scrollbars", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-default-apps", "--disable-extensions", "--metrics-recording-only",
                "--force-color-profile=srgb", "--lang=en-US");
        ChromeDriver driver = new ChromeDriver(service, options);
        // as long as the page tests' awaits: a busy CI machine may make a load slower, never fail it
        driver.manage().timeouts().pageLoadTimeout(Duration.ofMinutes(2));
        return new Chromium(driver);
    }

    public void open(String url) {
        driver.get(url);
    }

    /** Elements matching a CSS selector, as they are now. */
    public List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** The visible text of the first element matching {@code css}, or null when there is none. */
    public String text(String css) {
        List<WebElement> found = all(css);
        return found.isEmpty() ? null : found.get(0).getText();
    }

    /** A PNG of the window as it is now. */
    public byte[] screenshot() {
        return driver.getScreenshotAs(OutputType.BYTES);
    }

    /** Runs a script in the page (e.g. to clear its localStorage between scenes). */
    public Object script(String js) {
        return driver.executeScript(js);
    }

    @Override
    public void close() {
        driver.quit();
    }
}
