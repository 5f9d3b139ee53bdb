"""Reading the PDFs the application prints with Python packages only, never a system
program: pypdf lays the text out as on the page (columns kept apart by spaces, like
`pdftotext -layout`), pypdfium2 counts and renders the pages."""

from io import BytesIO
from pathlib import Path

import pypdf
import pypdfium2


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


def spaceless(text: str) -> str:
    """Text without its spaces: a PDF's text extraction may drop the space where a table
    cell's line wraps."""
    return "".join(text.split())
