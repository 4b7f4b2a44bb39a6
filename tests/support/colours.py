"""A page that is one colour before a click and another after, and the colour a screenshot
shows, read back by Chromium: so a run record's picture says which page it shows."""

from __future__ import annotations

import base64

from playwright.async_api import Browser as PWBrowser

RED, BLUE = (200, 0, 0), (0, 0, 200)
PAGE = """<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Couleurs</title>
<style>body{margin:0}#c{width:100vw;height:100vh;background:rgb(200,0,0)}</style></head>
<body><main id="c"><h1>Réglages</h1>
<button type="button" onclick="document.getElementById('c').style.background='rgb(0,0,200)'">
Peindre en bleu</button></main></body></html>"""


async def colour_at_centre(chromium: PWBrowser, png: bytes) -> tuple[int, int, int]:
    """The picture's centre pixel, as Chromium decodes it."""
    page = await chromium.new_page()
    try:
        rgb = await page.evaluate(
            """async (b64) => {
                const img = new Image();
                img.src = 'data:image/png;base64,' + b64;
                await img.decode();
                const c = document.createElement('canvas');
                c.width = img.width; c.height = img.height;
                const g = c.getContext('2d');
                g.drawImage(img, 0, 0);
                const d = g.getImageData(img.width >> 1, img.height >> 1, 1, 1).data;
                return [d[0], d[1], d[2]];
            }""",
            base64.b64encode(png).decode(),
        )
    finally:
        await page.close()
    return int(rgb[0]), int(rgb[1]), int(rgb[2])
