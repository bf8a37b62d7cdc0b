"""Receptor de la confirmación (canal POST): la firma, lo que la firma no cubre y su pedido.
Uso: LLAVE_TERMINAL=... PEDIDOS=pedidos.txt PUERTO=8080 python3 confirmacion.py"""
import hashlib
import hmac
import os
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs

LLAVE = os.environ.get("LLAVE_TERMINAL", "")
CAMPO_FIRMA = os.environ.get("CAMPO_FIRMA") or "firmaPasarela"
PEDIDOS = os.environ.get("PEDIDOS") or "pedidos.txt"
if not LLAVE:
    raise SystemExit("Falta LLAVE_TERMINAL: sin llave ninguna firma prueba nada")

# transaccionAprobada -> estado del pedido, y a qué estados puede pasar cada uno (nunca hacia atrás).
ESTADOS = {"1": "aprobada", "0": "pendiente", "-1": "rechazada", "2": "abortada", "3": "reversada"}
SIGUIENTES = {"pendiente": ["aprobada", "rechazada", "abortada", "reversada"], "aprobada": ["reversada"]}


# Sus pedidos, una línea por pedido: "factura valor estado". En su tienda, su base de datos.
def leer_pedidos():
    with open(PEDIDOS, encoding="utf-8") as archivo:
        return {f: {"valor": v, "estado": e} for f, v, e in (linea.split() for linea in archivo if linea.strip())}


def guardar_pedidos(pedidos):
    with open(PEDIDOS, "w", encoding="utf-8") as archivo:
        archivo.writelines(f"{f} {p['valor']} {p['estado']}\n" for f, p in pedidos.items())


leer_pedidos()  # sin archivo de pedidos, falla al arrancar y no con la primera confirmación


def atender(datos):
    texto = LLAVE + datos.get("codigoFactura", "") + datos.get("valorFactura", "") + datos.get("codigoAutorizacion", "")
    esperada = hashlib.md5(texto.encode()).hexdigest()
    if not hmac.compare_digest(esperada.encode(), datos.get(CAMPO_FIRMA, "").lower().encode()):
        return 400, "FIRMA_INVALIDA"
    # La firma no cubre transaccionAprobada: solo un pago aprobado trae un código de autorización real
    # (no vacío, ni 00000 o 00 de una tarjeta rechazada); uno reversado puede traer el del pago aprobado.
    estado = ESTADOS.get(datos.get("transaccionAprobada", ""))
    if estado is None:
        return 400, "ESTADO_DESCONOCIDO"
    autoriza = datos.get("codigoAutorizacion", "") not in ("", "00000", "00")
    if estado != "reversada" and autoriza != (estado == "aprobada"):
        return 400, "ESTADO_NO_CONCUERDA"
    # La firma une las partes sin separador: compare factura y valor con su pedido, no con la firma.
    pedidos = leer_pedidos()
    pedido = pedidos.get(datos.get("codigoFactura", ""))
    if pedido is None:
        # Auténtica, pero de ningún pedido suyo: acúsela (200) y no entregue nada; con un error la pasarela la reintentaría.
        return 200, "PEDIDO_DESCONOCIDO"
    if datos.get("valorFactura") != pedido["valor"]:
        return 400, "VALOR_DISTINTO"
    if estado == pedido["estado"]:
        return 200, "REPETIDA"
    if estado not in SIGUIENTES.get(pedido["estado"], []):
        return 409, "CAMBIO_NO_PERMITIDO"
    pedido["estado"] = estado
    guardar_pedidos(pedidos)
    # Aquí, si estado es "aprobada", entregue el pedido: cada pedido llega a este punto una sola vez.
    return 200, "OK"


class Confirmacion(BaseHTTPRequestHandler):
    def do_POST(self):
        largo = int(self.headers.get("Content-Length", 0))
        datos = {k: v[0] for k, v in parse_qs(self.rfile.read(largo).decode(), keep_blank_values=True).items()}
        estado, texto = atender(datos)
        cuerpo = f"{texto}\n".encode()
        self.send_response(estado)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(cuerpo)))
        self.end_headers()
        self.wfile.write(cuerpo)


HTTPServer(("127.0.0.1", int(os.environ.get("PUERTO", "8080"))), Confirmacion).serve_forever()
