package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pg2ddb/pg2ddb/extract"
	"github.com/pg2ddb/pg2ddb/internal/placement"
	"github.com/pg2ddb/pg2ddb/internal/testing/ddbsim"
	"github.com/pg2ddb/pg2ddb/internal/testing/testenv"
	"github.com/pg2ddb/pg2ddb/plans"
	"github.com/pg2ddb/pg2ddb/review"
)

// chromium runs Debian's headless Chromium with args and the page, and
// returns its standard output. A machine without chromium fails the test:
// the HTML review is accepted only when a browser has drawn it.
func chromium(t *testing.T, page string, args ...string) []byte {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatalf("chromium (Debian package chromium) is required to check the HTML review: %v", err)
	}
	args = append([]string{"--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir(), "--window-size=1400,3000"}, args...)
	cmd := exec.CommandContext(t.Context(), bin, append(args, "file://"+page)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.Bytes()
}

// TestHTMLReviewOpensInChromium renders pagila's review from a plan the
// plan command made (mapping.Design through the CLI), opens it in headless
// Chromium, and checks what a person would see: a screenshot that is not
// blank and shows the charts' colours, and in the DOM Chromium built, a
// histogram and two heat pictures per table, each with rectangles of
// non-zero size.
func TestHTMLReviewOpensInChromium(t *testing.T) {
	testenv.Long(t)
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	path := planFor(t, db)
	p, err := plans.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "review.html")
	code, stdout, stderr := runCLI(t, "review", path, "--source", db.URL, "--format", "html", "-o", page)
	if code != 0 {
		t.Fatalf("review --format html: exit %d: %s", code, stderr)
	}
	if stdout != "" {
		t.Errorf("review -o also wrote to standard output: %.200s", stdout)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if m := review.ExternalRefs(string(html)); len(m) > 0 {
		t.Errorf("the page refers outside itself: %q", m)
	}
	if bytes.Contains(html, []byte("http://")) || bytes.Contains(html, []byte("https://")) {
		t.Error("pagila's page holds a web address")
	}

	shot := filepath.Join(dir, "shot.png")
	chromium(t, page, "--screenshot="+shot)
	img := decodePNG(t, shot)
	if b := img.Bounds(); b.Dx() != 1400 || b.Dy() != 3000 {
		t.Errorf("screenshot %dx%d, want 1400x3000", b.Dx(), b.Dy())
	}
	colours, bars, hot := pixelCensus(img)
	if colours < 20 {
		t.Errorf("screenshot has %d colours: a blank or unstyled page", colours)
	}
	if bars < 2000 || hot < 500 {
		t.Errorf("screenshot shows %d pixels of histogram bars and %d of saturated partitions: charts not drawn", bars, hot)
	}

	dom := string(chromium(t, page, "--dump-dom"))
	charts := regexp.MustCompile(`(?s)<svg class="(histogram|heat)"[^>]*>(.*?)</svg>`).FindAllStringSubmatch(dom, -1)
	count := map[string]int{}
	rect := regexp.MustCompile(`<rect [^>]*width="([0-9.]+)"[^>]*height="([0-9.]+)"`)
	for _, c := range charts {
		count[c[1]]++
		var drawn int
		for _, r := range rect.FindAllStringSubmatch(c[2], -1) {
			w, _ := strconv.ParseFloat(r[1], 64)
			h, _ := strconv.ParseFloat(r[2], 64)
			if w > 0 && h > 0 {
				drawn++
			}
		}
		if drawn == 0 {
			t.Errorf("a %s chart has no rectangle of non-zero size", c[1])
		}
	}
	if count["histogram"] != len(p.Tables) || count["heat"] != 2*len(p.Tables) {
		t.Errorf("DOM holds %d histograms and %d heat pictures for %d tables; want one and two per table", count["histogram"], count["heat"], len(p.Tables))
	}
	for _, tb := range p.Tables {
		if !strings.Contains(dom, tb.Source+" → "+tb.Target) {
			t.Errorf("DOM has no section for %s", tb.Source)
		}
	}
	if os.Getenv("PG2DDB_DOCS_SCREENSHOT") != "" {
		writeDocsScreenshot(t, db, path, dir)
	}
}

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s: %v", path, err)
	}
	return img
}

// pixelCensus counts an image's distinct colours, the pixels of the
// histogram bars' blue (#3182bd) and of the heat pictures' red
// (#d62728, a partition at its ceiling).
func pixelCensus(img image.Image) (colours, bars, hot int) {
	seen := map[color.RGBA]bool{}
	near := func(c color.RGBA, r, g, b uint8) bool {
		d := func(x, y uint8) int { return max(int(x), int(y)) - min(int(x), int(y)) }
		return d(c.R, r) < 12 && d(c.G, g) < 12 && d(c.B, b) < 12
	}
	bnd := img.Bounds()
	for y := bnd.Min.Y; y < bnd.Max.Y; y++ {
		for x := bnd.Min.X; x < bnd.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			seen[c] = true
			switch {
			case near(c, 0x31, 0x82, 0xbd):
				bars++
			case near(c, 0xd6, 0x27, 0x28):
				hot++
			}
		}
	}
	return len(seen), bars, hot
}

// writeDocsScreenshot refreshes docs/review.png, the README's picture:
// the review of pagila's payment table, its top 1400×1120 scaled to three
// quarters. Run with PG2DDB_DOCS_SCREENSHOT=1.
func writeDocsScreenshot(t *testing.T, db *testenv.Database, path, dir string) {
	out, err := filepath.Abs(filepath.Join("..", "..", "docs", "review.png"))
	if err != nil {
		t.Fatal(err)
	}
	// The page shows the plan's path as given: a short one, as a person
	// would type it.
	if err := os.WriteFile(filepath.Join(dir, "pagila.yaml"), mustRead(t, path), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	page := filepath.Join(dir, "payment.html")
	if code, _, stderr := runCLI(t, "review", "pagila.yaml", "--source", db.URL, "--format", "html", "--tables", "payment", "-o", page); code != 0 {
		t.Fatalf("review payment: %s", stderr)
	}
	shot := filepath.Join(dir, "payment.png")
	chromium(t, page, "--screenshot="+shot)
	src := decodePNG(t, shot)
	const w, h = 1050, 840
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			// Each output pixel averages the source pixels it covers.
			var r, g, b, n uint32
			for sy := y * 4 / 3; sy < (y+1)*4/3+1 && sy < 1120; sy++ {
				for sx := x * 4 / 3; sx < (x+1)*4/3+1 && sx < 1400; sx++ {
					cr, cg, cb, _ := src.At(sx, sy).RGBA()
					r, g, b, n = r+cr>>8, g+cg>>8, b+cb>>8, n+1
				}
			}
			dst.Set(x, y, color.RGBA{uint8(r / n), uint8(g / n), uint8(b / n), 255})
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, dst); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 300<<10 {
		t.Fatalf("docs screenshot is %d KB, over 300 KB", buf.Len()>>10)
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote docs/review.png, %d KB", buf.Len()>>10)
}

// TestHeatPlacesKeysWhereASimulatedLoadWrites loads pagila's payment into
// the simulator with DynamoDB's budgets and checks the heat picture
// against what the simulator counted: the same partitions, each with the
// WCU the picture gives it. The picture is the simulator's model, not a
// drawing of its own.
func TestHeatPlacesKeysWhereASimulatedLoadWrites(t *testing.T) {
	t.Parallel()
	db := testenv.NewDatabase(t, "pagila")
	path := planFor(t, db, "--tables", "payment")
	p, err := plans.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := ddbsim.Start("", ddbsim.Options{Mode: ddbsim.ModeCount, TimeScale: 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	if code, out, stderr := runCLI(t, "load", path, "--source", db.URL, "--endpoint-url", sim.URL(), "--region", "us-east-1"); code != 0 {
		t.Fatalf("load: exit %d\n%s\n%s", code, out, stderr)
	}
	tb := p.Tables[0]
	st, ok := sim.TableStats(tb.Target)
	if !ok {
		t.Fatalf("the simulator has no table %s", tb.Target)
	}

	s, err := extract.Begin(t.Context(), db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(t.Context())
	keys, _, err := extract.KeyCounts(t.Context(), s, tb, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := tb.Capacity
	h := review.SimulateHeat(review.HeatInput{Keys: keys, KeyType: tb.PartitionKey.Type, WCUPerItem: 1, WriteRate: p.Options.WriteRate, Window: review.HeatWindow,
		Partitions: placement.PartitionsFor(c.Mode == plans.Provisioned, c.ReadUnits, c.WriteUnits)})
	if h.Partitions != st.PartitionCount {
		t.Fatalf("heat has %d partitions, the simulated table %d", h.Partitions, st.PartitionCount)
	}
	if st.AcceptedWCU != 16049 {
		t.Fatalf("the simulator accepted %d WCU, want 16,049 (one per payment)", st.AcceptedWCU)
	}
	for _, run := range []review.HeatRun{h.Interleaved, h.TableOrder} {
		for _, ps := range st.Partitions {
			var drawn float64
			for _, u := range run.Use[ps.Index] {
				drawn += u * h.Column * placement.PartitionWCU
			}
			if math.Abs(drawn-float64(ps.AcceptedWCU)) > 0.5 {
				t.Errorf("partition %d: the heat draws %.1f WCU, the simulated load wrote %d", ps.Index, drawn, ps.AcceptedWCU)
			}
		}
	}
}
