// The editing view draws with Konva's core (Stage, Layer, Shape) and two of its shapes. react-konva's
// main entry registers every Konva shape and filter; this one registers only what the editor draws.
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Rect';

/** The react-konva components the editing view uses, backed by Konva's core build. */
export { Image, Layer, Rect, Shape, Stage } from 'react-konva/lib/ReactKonvaCore';
