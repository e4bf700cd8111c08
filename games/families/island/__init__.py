"""The island kit: what Jackal's island and Archipelago's islands are both drawn and told with.

Both families lay face-up tiles of the same kinds, sail the same four crews and point with the
same compass, so the pictures of the tiles (tile_art.py, tile_pictures.py), the SVG pieces they
are made of and the crews' colours (svg_kit.py), and the words for crews, pirates and compass
points (words.py) live here, where each family imports them and neither imports the other.

The kit knows no ruleset: it imports neither a family of the site nor one of the rules
(.importlinter holds it to that), so a family that draws with it depends on the kit alone.
"""
