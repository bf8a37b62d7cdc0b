"""Página de respuesta (canal POST): a ella vuelve el comprador con las variables de respuesta.
Uso: LLAVE_TERMINAL=... PUERTO=8081 python3 retorno.py
Solo informa al comprador: el pedido se entrega por la confirmación (confirmacion.py), nunca desde aquí."""
import hashlib
import hmac
import html
import os
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs

LLAVE = os.environ.get("LLAVE_TERMINAL", "")
CAMPO_FIRMA = os.environ.get("CAMPO_FIRMA") or "firmaPasarela"
MENSAJES = {
    "1": "Pago aprobado: su pedido sale cuando llegue la confirmación.",
    "0": "Pago pendiente: le avisaremos cuando se confirme.",
    "-1": "El pago no se aprobó.",
    "2": "El pago no se completó.",
    "3": "El pago se reversó.",
}


# La respuesta pasa por el navegador del comprador: sin la firma y un estado que concuerde con el
# código de autorización (firmado), no le diga que pagó.
def verificada(datos):
    texto = LLAVE + datos.get("codigoFactura", "") + datos.get("valorFactura", "") + datos.get("codigoAutorizacion", "")
    esperada = hashlib.md5(texto.encode()).hexdigest()
    firmada = LLAVE != "" and hmac.compare_digest(esperada.encode(), datos.get(CAMPO_FIRMA, "").lower().encode())
    estado = datos.get("transaccionAprobada", "")
    autoriza = datos.get("codigoAutorizacion", "") not in ("", "00000", "00")
    return firmada and estado in MENSAJES and (estado == "3" or autoriza == (estado == "1"))


class Retorno(BaseHTTPRequestHandler):
    def do_POST(self):
        largo = int(self.headers.get("Content-Length", 0))
        # Solo el cuerpo: la dirección la puede cambiar cualquiera.
        datos = {k: v[0] for k, v in parse_qs(self.rfile.read(largo).decode(), keep_blank_values=True).items()}
        mensaje = MENSAJES[datos["transaccionAprobada"]] if verificada(datos) else "No pudimos verificar esta respuesta: consulte el estado de su pedido."
        factura = html.escape(datos.get("codigoFactura", ""))
        cuerpo = f'<!doctype html>\n<html lang="es"><meta charset="utf-8"><title>Su compra</title>\n<h1>Factura {factura}</h1>\n<p>{html.escape(mensaje)}</p>\n</html>\n'.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(cuerpo)))
        self.end_headers()
        self.wfile.write(cuerpo)


HTTPServer(("127.0.0.1", int(os.environ.get("PUERTO", "8081"))), Retorno).serve_forever()
