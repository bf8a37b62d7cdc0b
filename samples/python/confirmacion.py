"""Receptor de la confirmación (canal POST). Uso: LLAVE_TERMINAL=... PUERTO=8080 python3 confirmacion.py"""
import hashlib
import hmac
import os
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs

LLAVE = os.environ["LLAVE_TERMINAL"]
CAMPO_FIRMA = os.environ.get("CAMPO_FIRMA", "firmaPasarela")


class Confirmacion(BaseHTTPRequestHandler):
    def do_POST(self):
        largo = int(self.headers.get("Content-Length", 0))
        datos = {k: v[0] for k, v in parse_qs(self.rfile.read(largo).decode(), keep_blank_values=True).items()}
        texto = LLAVE + datos.get("codigoFactura", "") + datos.get("valorFactura", "") + datos.get("codigoAutorizacion", "")
        esperada = hashlib.md5(texto.encode()).hexdigest()
        if not hmac.compare_digest(esperada.encode(), datos.get(CAMPO_FIRMA, "").lower().encode()):
            return self.responder(400, "firma no válida\n")
        # Firma válida: registre el resultado (transaccionAprobada 1 aprobada, 0 pendiente,
        # -1 rechazada, 2 abortada, 3 reversada) de la factura codigoFactura.
        self.responder(200, "OK\n")

    def responder(self, estado, texto):
        cuerpo = texto.encode()
        self.send_response(estado)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(cuerpo)))
        self.end_headers()
        self.wfile.write(cuerpo)


HTTPServer(("127.0.0.1", int(os.environ.get("PUERTO", "8080"))), Confirmacion).serve_forever()
