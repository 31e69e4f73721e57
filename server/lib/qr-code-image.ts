import QRCode from 'qrcode';

/**
 * Level M (15 % of the symbol may be lost) and the four-module light margin readers need; dark on white
 * whatever the page's theme, as scanners expect.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000ff', light: '#ffffffff' } } as const;

export async function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: 'svg' });
}

/** A PNG for mail, which cannot show SVG: `scale` pixels a module. */
export async function qrCodePng(text: string, scale = 8): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: 'png', scale });
}
