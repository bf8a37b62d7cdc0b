import React from 'react';
import {act, fireEvent, render, screen} from '@testing-library/react';
import {ToastProvider, TOAST_DURATION_MS, useToast} from '../index';

function Trigger({message, kind}: {readonly message: string; readonly kind?: 'success' | 'error' | 'info'}) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(message, kind)}>
      show
    </button>
  );
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('vanish after 3000 ms', () => {
    render(
      <ToastProvider>
        <Trigger message="Texto copiado" />
      </ToastProvider>,
    );
    expect(TOAST_DURATION_MS).toBe(3000);
    fireEvent.click(screen.getByText('show'));
    expect(screen.getByRole('status')).toHaveTextContent('Texto copiado');
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByText('Texto copiado')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Texto copiado')).not.toBeInTheDocument();
  });

  it('pause while the pointer is over them, then finish the time left', () => {
    render(
      <ToastProvider>
        <Trigger message="Manuales Enviados a los Correos ingresados." kind="success" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => jest.advanceTimersByTime(10000));
    expect(screen.getByRole('status')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('status'));
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('announce errors as alerts and can be dismissed at once', () => {
    render(
      <ToastProvider>
        <Trigger message="Error enviando manuales." kind="error" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    expect(screen.getByRole('alert')).toHaveTextContent('Error enviando manuales.');
    fireEvent.click(screen.getByRole('button', {name: 'Cerrar aviso'}));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuse to be used outside the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger message="x" />)).toThrow('useToast() must be used inside <ToastProvider>');
  });
});
