import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import styled from 'styled-components';
import { Button } from '../Button/Button.tsx';
import { messages } from '../messages.ts';

export interface SignatureFieldProps {
  /** The field's name on screen and for assistive technology ("ลายเซ็นผู้รับ"). */
  readonly label: string;
  /** The drawn signature as a PNG, or `null` once cleared (or before anything is drawn). */
  readonly onChange: (signature: Blob | null) => void;
  readonly description?: string;
  /** Thai error text under the pad ("จุดส่งนี้ต้องมีลายเซ็นผู้รับ"). */
  readonly error?: string;
  readonly isRequired?: boolean;
  readonly isDisabled?: boolean;
  /** Pixels; 200 by default (a thumb's signature on a phone). */
  readonly height?: number;
}

/**
 * A signature drawn with a finger or a pen (proof of delivery), by `signature_pad` (smooth
 * variable-width strokes from pointer events). The field reports a PNG after every stroke and
 * `null` when cleared; the canvas follows the screen's pixel density and keeps its drawing when the
 * phone turns. A drawing has no keyboard equivalent: the label and the clear button are what
 * assistive technology reaches, the screen that asks for a signature says what else it accepts.
 */
export function SignatureField({
  label,
  onChange,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  height = 200,
}: SignatureFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const [empty, setEmpty] = useState(true);
  /** Drawings asked of the canvas: only the newest one's answer counts. */
  const reports = useRef(0);
  const id = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#1c1f24', minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    const report = () => {
      const asked = ++reports.current;
      if (pad.isEmpty()) {
        setEmpty(true);
        changed.current(null);
        return;
      }
      // Drawn (its label and the clear button) only once the form holds the drawing: `toBlob` answers
      // later, and a save pressed in between found no signature under a label that said signed.
      // A drawing asked before a later stroke or a clear is dropped.
      canvas.toBlob((blob) => {
        if (asked !== reports.current) return;
        setEmpty(false);
        changed.current(blob);
      }, 'image/png');
    };
    // The backing store at the screen's density, redrawn from the strokes when the size changes.
    const fitToScreen = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const { width } = canvas.getBoundingClientRect();
      if (width === 0 || canvas.width === Math.round(width * ratio)) return;
      const strokes = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    fitToScreen();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(fitToScreen) : undefined;
    observer?.observe(canvas);
    pad.addEventListener('endStroke', report);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', report);
      pad.off();
      padRef.current = null;
    };
  }, [height]);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (isDisabled) pad.off();
    else pad.on();
  }, [isDisabled]);

  const clear = () => {
    reports.current++;
    padRef.current?.clear();
    setEmpty(true);
    changed.current(null);
  };

  return (
    <Wrapper
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <Head>
        <span id={`${id}-label`}>
          {label}
          {isRequired && <Required aria-hidden="true"> *</Required>}
        </span>
        <Button size="md" variant="ghost" onPress={clear} isDisabled={isDisabled || empty}>
          {messages.signatureClear}
        </Button>
      </Head>
      <Canvas
        ref={canvasRef}
        role="img"
        aria-label={empty ? messages.signatureEmpty(label) : messages.signatureDrawn(label)}
        data-invalid={error ? '' : undefined}
        style={{ height }}
      />
      {description && <Hint>{description}</Hint>}
      {error && (
        <ErrorText id={`${id}-error`} role="alert">
          {error}
        </ErrorText>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
const Required = styled.span`
  color: ${({ theme }) => theme.color.danger};
`;
const Canvas = styled.canvas`
  display: block;
  width: 100%;
  box-sizing: border-box;
  background: ${({ theme }) => theme.color.surface};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  /* The finger draws: the page must not scroll or zoom under it. */
  touch-action: none;
  &[data-invalid] {
    border: 2px solid ${({ theme }) => theme.color.danger};
  }
`;
const Hint = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
const ErrorText = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
