// unbzip2-stream's block decoder and bit reader, used directly by bzip2-stream.ts (the package
// ships no types for them).
declare module 'unbzip2-stream/lib/bit_iterator' {
  interface BitReader {
    (bits: number | null): number;
    bytesRead: number;
  }
  function bitIterator(nextBuffer: () => Buffer): BitReader;
  export = bitIterator;
}

declare module 'unbzip2-stream/lib/bzip2' {
  interface BitReader {
    (bits: number | null): number;
    bytesRead: number;
  }
  const bzip2: {
    header(bits: BitReader): number;
    decompress(
      bits: BitReader,
      write: (byte: number) => void,
      scratch: Int32Array,
      scratchSize: number,
      streamCrc: number,
    ): number | null;
  };
  export = bzip2;
}
