// A small baseline JPEG encoder (JFIF, 4:4:4, fixed Huffman tables). jpeg-js's encoder returns a Node
// Buffer whenever `module` exists, which every bundler provides, so it fails in browsers and edge
// runtimes; this one only needs Uint8Array. It suits the flat synthetic portraits of the sandbox.

export interface RgbaImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, row by row. */
  data: Uint8Array;
}

const LUMINANCE_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMINANCE_QUANT = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
];

/** ZIGZAG[i] is the row-major index of the i-th coefficient in zig-zag order. */
const ZIGZAG: readonly number[] = (() => {
  const order: number[] = [];
  for (let sum = 0; sum <= 14; sum++) {
    const low = Math.max(0, sum - 7);
    const high = Math.min(sum, 7);
    if (sum % 2 === 0) for (let row = high; row >= low; row--) order.push(row * 8 + (sum - row));
    else for (let row = low; row <= high; row++) order.push(row * 8 + (sum - row));
  }
  return order;
})();

/** COS[u * 8 + x] = C(u) / 2 * cos((2x + 1) u pi / 16): one dimension of the forward DCT. */
const COS: Float64Array = (() => {
  const table = new Float64Array(64);
  for (let u = 0; u < 8; u++) {
    const c = u === 0 ? Math.SQRT1_2 : 1;
    for (let x = 0; x < 8; x++) table[u * 8 + x] = (c / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  }
  return table;
})();

interface HuffmanTable {
  /** Number of codes of each length 1 to 16. */
  counts: number[];
  /** Symbols in code order. */
  symbols: number[];
  codes: Map<number, { code: number; length: number }>;
}

/** Canonical Huffman codes from chosen code lengths (symbols listed in order of preference). */
function huffmanTable(lengths: ReadonlyArray<readonly [symbol: number, length: number]>): HuffmanTable {
  const sorted = [...lengths].sort((a, b) => a[1] - b[1]);
  const counts = new Array<number>(16).fill(0);
  for (const [, length] of sorted) counts[length - 1] = (counts[length - 1] ?? 0) + 1;
  const codes = new Map<number, { code: number; length: number }>();
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    for (let n = 0; n < (counts[length - 1] ?? 0); n++) {
      const entry = sorted[index++];
      if (entry) codes.set(entry[0], { code: code++, length });
    }
    code <<= 1;
  }
  return { counts, symbols: sorted.map(([symbol]) => symbol), codes };
}

// DC: category 0 (no change, the common case on flat images) gets 2 bits, the others 4.
const DC_TABLE = huffmanTable(Array.from({ length: 12 }, (_, size) => [size, size === 0 ? 2 : 4] as const));
// AC: end-of-block gets 2 bits, every run/size pair and the 16-zero run get 8 bits.
const AC_TABLE = huffmanTable([
  [0x00, 2],
  [0xf0, 8],
  ...Array.from({ length: 16 * 10 }, (_, i) => [((i / 10) << 4) | ((i % 10) + 1), 8] as const),
]);

function scaledQuant(base: readonly number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  return base.map((value) => Math.min(255, Math.max(1, Math.floor((value * scale + 50) / 100))));
}

class ByteWriter {
  private bytes: number[] = [];
  private bitBuffer = 0;
  private bitCount = 0;

  byte(value: number): void {
    this.bytes.push(value & 0xff);
  }

  word(value: number): void {
    this.byte(value >> 8);
    this.byte(value);
  }

  /** Entropy-coded bits, most significant first, with 0xFF byte stuffing. */
  bits(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.bitBuffer = (this.bitBuffer << 1) | ((value >> i) & 1);
      this.bitCount++;
      if (this.bitCount === 8) {
        this.bytes.push(this.bitBuffer);
        if (this.bitBuffer === 0xff) this.bytes.push(0);
        this.bitBuffer = 0;
        this.bitCount = 0;
      }
    }
  }

  /** Pads the last entropy-coded byte with 1 bits. */
  flushBits(): void {
    if (this.bitCount > 0) this.bits((1 << (8 - this.bitCount)) - 1, 8 - this.bitCount);
  }

  result(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

function bitSize(value: number): number {
  let magnitude = Math.abs(value);
  let size = 0;
  while (magnitude > 0) {
    size++;
    magnitude >>= 1;
  }
  return size;
}

function writeCoefficientBits(out: ByteWriter, value: number, size: number): void {
  if (size > 0) out.bits(value < 0 ? value + (1 << size) - 1 : value, size);
}

function writeCode(out: ByteWriter, table: HuffmanTable, symbol: number): void {
  const entry = table.codes.get(symbol);
  if (entry) out.bits(entry.code, entry.length);
}

function forwardDct(block: Float64Array, quant: readonly number[], out: Int32Array): void {
  const temp = new Float64Array(64);
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = 0; x < 8; x++) sum += (COS[u * 8 + x] ?? 0) * (block[y * 8 + x] ?? 0);
      temp[y * 8 + u] = sum;
    }
  }
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) sum += (COS[v * 8 + y] ?? 0) * (temp[y * 8 + u] ?? 0);
      const index = v * 8 + u;
      // AC values beyond 10 bits cannot be coded in baseline JPEG.
      out[index] = Math.max(-1023, Math.min(1023, Math.round(sum / (quant[index] ?? 1))));
    }
  }
}

function encodeBlock(out: ByteWriter, coefficients: Int32Array, previousDc: number): number {
  const dc = coefficients[0] ?? 0;
  const diff = dc - previousDc;
  const dcSize = bitSize(diff);
  writeCode(out, DC_TABLE, dcSize);
  writeCoefficientBits(out, diff, dcSize);
  let run = 0;
  for (let i = 1; i < 64; i++) {
    const value = coefficients[ZIGZAG[i] ?? 0] ?? 0;
    if (value === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      writeCode(out, AC_TABLE, 0xf0);
      run -= 16;
    }
    const size = bitSize(value);
    writeCode(out, AC_TABLE, (run << 4) | size);
    writeCoefficientBits(out, value, size);
    run = 0;
  }
  if (run > 0) writeCode(out, AC_TABLE, 0x00);
  return dc;
}

function writeHeaders(
  out: ByteWriter,
  width: number,
  height: number,
  quantY: number[],
  quantC: number[],
): void {
  out.word(0xffd8); // SOI
  out.word(0xffe0); // APP0: JFIF 1.01, no density units, no thumbnail
  out.word(16);
  for (const c of [0x4a, 0x46, 0x49, 0x46, 0]) out.byte(c);
  out.word(0x0101);
  out.byte(0);
  out.word(1);
  out.word(1);
  out.byte(0);
  out.byte(0);
  out.word(0xffdb); // DQT: two 8-bit tables in zig-zag order
  out.word(2 + 2 * 65);
  for (const [id, table] of [
    [0, quantY],
    [1, quantC],
  ] as const) {
    out.byte(id);
    for (let i = 0; i < 64; i++) out.byte(table[ZIGZAG[i] ?? 0] ?? 1);
  }
  out.word(0xffc0); // SOF0: baseline, 3 components, no subsampling
  out.word(17);
  out.byte(8);
  out.word(height);
  out.word(width);
  out.byte(3);
  for (const [id, quant] of [
    [1, 0],
    [2, 1],
    [3, 1],
  ] as const) {
    out.byte(id);
    out.byte(0x11);
    out.byte(quant);
  }
  out.word(0xffc4); // DHT: one DC and one AC table shared by all components
  out.word(2 + (17 + DC_TABLE.symbols.length) + (17 + AC_TABLE.symbols.length));
  for (const [classAndId, table] of [
    [0x00, DC_TABLE],
    [0x10, AC_TABLE],
  ] as const) {
    out.byte(classAndId);
    for (const count of table.counts) out.byte(count);
    for (const symbol of table.symbols) out.byte(symbol);
  }
  out.word(0xffda); // SOS
  out.word(12);
  out.byte(3);
  for (const id of [1, 2, 3]) {
    out.byte(id);
    out.byte(0x00);
  }
  out.byte(0);
  out.byte(63);
  out.byte(0);
}

/** Encodes an RGBA image as a baseline JPEG; `quality` 1 to 100 as in libjpeg. */
export function encodeJpeg(image: RgbaImage, quality = 85): Uint8Array {
  const { width, height, data } = image;
  if (
    !Number.isInteger(width) ||
    !Number.isInteger(height) ||
    width < 1 ||
    height < 1 ||
    width > 65535 ||
    height > 65535
  ) {
    throw new RangeError('encodeJpeg: width and height must be integers from 1 to 65535');
  }
  if (data.length < width * height * 4)
    throw new RangeError('encodeJpeg: data is shorter than width * height * 4');
  const quantY = scaledQuant(LUMINANCE_QUANT, quality);
  const quantC = scaledQuant(CHROMINANCE_QUANT, quality);
  const out = new ByteWriter();
  writeHeaders(out, width, height, quantY, quantC);

  const blocks = [new Float64Array(64), new Float64Array(64), new Float64Array(64)] as const;
  const coefficients = new Int32Array(64);
  const previousDc = [0, 0, 0];
  for (let top = 0; top < height; top += 8) {
    for (let left = 0; left < width; left += 8) {
      for (let y = 0; y < 8; y++) {
        // Edge blocks repeat the last row and column.
        const row = Math.min(top + y, height - 1);
        for (let x = 0; x < 8; x++) {
          const column = Math.min(left + x, width - 1);
          const p = (row * width + column) * 4;
          const r = data[p] ?? 0;
          const g = data[p + 1] ?? 0;
          const b = data[p + 2] ?? 0;
          blocks[0][y * 8 + x] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
          blocks[1][y * 8 + x] = -0.168736 * r - 0.331264 * g + 0.5 * b;
          blocks[2][y * 8 + x] = 0.5 * r - 0.418688 * g - 0.081312 * b;
        }
      }
      for (let c = 0; c < 3; c++) {
        forwardDct(blocks[c as 0 | 1 | 2], c === 0 ? quantY : quantC, coefficients);
        previousDc[c] = encodeBlock(out, coefficients, previousDc[c] ?? 0);
      }
    }
  }
  out.flushBits();
  out.word(0xffd9); // EOI
  return out.result();
}
