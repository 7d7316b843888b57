import FlipbookImage
import FlipbookDisplayList
import FlipbookRaster
import Foundation

/// The display list's transform, not Foundation's type of the same name.
typealias AffineTransform = FlipbookDisplayList.AffineTransform

/// Renders items on a transparent canvas.
func render(_ items: [DisplayItem], width: Int, height: Int, background: Color = .clear) -> Pixmap {
  var r = Rasterizer()
  var p = Pixmap(width: 0, height: 0)
  r.render(DisplayList(width: width, height: height, background: background, items: items), into: &p)
  return p
}

/// A filled shape item.
func fill(_ g: ShapeGeometry, _ t: AffineTransform = .identity, color: Color = .white) -> DisplayItem {
  .shape(ShapeItem(geometry: g, style: .fill, transform: t, color: color))
}

/// A stroked shape item, `width` pixels wide.
func stroke(_ g: ShapeGeometry, width: Double, _ t: AffineTransform = .identity, color: Color = .white)
  -> DisplayItem
{
  .shape(ShapeItem(geometry: g, style: .stroke(lineWidth: width), transform: t, color: color))
}
