import type { Picture, PictureFormat, PictureSize, PictureWriter } from './picture';
import { RasterWriter } from './raster';
import { SvgWriter } from './svg';

/** The writer of a picture format: each picture is drawn by one function and written as SVG or as PNG. */
export const writerFor =
	(format: PictureFormat) =>
	(size: PictureSize): PictureWriter =>
		format === 'svg' ? new SvgWriter(size) : new RasterWriter(size);

/** A picture drawn by `draw` (given the writer's maker) and written in `format`. */
export function drawPicture(
	format: PictureFormat,
	draw: (make: (size: PictureSize) => PictureWriter) => PictureWriter,
): Picture {
	return draw(writerFor(format)).picture();
}
