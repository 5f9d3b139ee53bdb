"""Reading the PDFs the application prints with Python packages only, never a system
program: pypdf lays the text out as on the page (columns kept apart by spaces, like
`pdftotext -layout`), pypdfium2 counts and renders the pages, zxing-cpp reads their QR
codes."""

from io import BytesIO
from pathlib import Path

import pypdf
import pypdfium2
import zxingcpp
from PIL import Image, ImageChops


def pdf_text(pdf: bytes) -> str:
    """The text of every page laid out as printed, pages separated by a form feed; French
    typography's no-break spaces read as spaces."""
    reader = pypdf.PdfReader(BytesIO(pdf))
    pages = (page.extract_text(extraction_mode="layout") for page in reader.pages)
    return "\f".join(pages).replace("\xa0", " ").replace("\u202f", " ")


def french(value: float) -> str:
    """A percentage as the PDFs print it: two decimals after a comma."""
    return f"{value:.2f}".replace(".", ",")


def pdf_pages(pdf: bytes) -> int:
    return len(pypdfium2.PdfDocument(pdf))


def pdf_png(pdf: bytes, stem: Path, *, pages: int, dpi: int = 80) -> list[Path]:
    """Render the first `pages` pages to `stem-1.png`, `stem-2.png`…; returns the paths."""
    document = pypdfium2.PdfDocument(pdf)
    written = []
    for number in range(min(pages, len(document))):
        path = stem.with_name(f"{stem.name}-{number + 1}.png")
        document[number].render(scale=dpi / 72).to_pil().save(path)
        written.append(path)
    return written


def pdf_qr_codes(pdf: bytes, *, dpi: int = 150) -> list[str]:
    """What the QR codes of every page say, page by page, as a phone's camera reads them
    from the print."""
    pages = (page.render(scale=dpi / 72).to_pil() for page in pypdfium2.PdfDocument(pdf))
    return [code.text for image in pages for code in zxingcpp.read_barcodes(image)]


def spaceless(text: str) -> str:
    """Text without its spaces: a PDF's text extraction may drop the space where a table
    cell's line wraps."""
    return "".join(text.split())


# --- how a reader paints the grids ----------------------------------------------------

INK = 128  # grey levels below it are ink
PIXELS_A_POINT = 2  # a 0.6 pt rule is one or two pixels of ink
CELL = 10  # points: a square inside any cell of a grid (a row is 12 pt tall)
RULE_LENGTH = 36  # points: three rows of a grid
RULE_WIDTH = 1.5  # points: at most, a line; wider, a filled area


def pdf_painted_grids(pdf: bytes, *, page: int = 0) -> tuple[bool, int]:
    """How pdfium (the reader of Chrome and Edge) paints a page's grids: whether it fills an
    area as large as a cell somewhere, and how many thin vertical lines run down at least
    three rows (columns of lines at the same place on the page count once)."""
    document = pypdfium2.PdfDocument(pdf)
    image = document[page].render(scale=PIXELS_A_POINT, grayscale=True).to_pil().convert("L")
    side = CELL * PIXELS_A_POINT
    filled = _eroded(_eroded(image, side, across=True), side, across=False)
    lines = _vertical_lines(_eroded(image, RULE_LENGTH * PIXELS_A_POINT, across=False))
    thin = [width for width in lines if width <= RULE_WIDTH * PIXELS_A_POINT]
    return filled.getextrema()[0] < INK, len(thin)


def _eroded(image: Image.Image, length: int, *, across: bool) -> Image.Image:
    """Ink where the `length` pixels from there (rightwards, or downwards) are all ink."""
    span = 1
    while span < length:
        step = min(span, length - span)
        shift = (-step, 0) if across else (0, -step)
        image, span = ImageChops.lighter(image, ImageChops.offset(image, *shift)), span + step
    return image


def _vertical_lines(image: Image.Image) -> list[int]:
    """The width in pixels of each run of neighbouring pixel columns holding ink."""
    width, height = image.size
    data = image.transpose(Image.Transpose.ROTATE_270).tobytes()  # a column a row
    lines: list[int] = []
    after_ink = False
    for x in range(width):
        ink = min(data[x * height : (x + 1) * height]) < INK
        if ink and after_ink:
            lines[-1] += 1
        elif ink:
            lines.append(1)
        after_ink = ink
    return lines
