"""Formulario firmado del pago normal (canal POST), hecho en el servidor del comercio.

Uso: LLAVE_TERMINAL=... USUARIO_COMERCIO=... URL_PAGINA_COMPRA=... python3 pago.py [instante ISO 8601]
"""
import hashlib
import os
import sys
from datetime import datetime, timedelta, timezone
from html import escape

UTC_MENOS_5 = timezone(timedelta(hours=-5))


def checksum(factura: str, valor: str, llave: str) -> str:
    entero = valor.split(".")[0]  # valor entero, sin decimales
    return hashlib.sha512(f"{factura}{entero}{llave}".encode()).hexdigest()


def token_seguridad(llave: str, instante: datetime) -> str:
    hora = instante.astimezone(UTC_MENOS_5).strftime("%H:%M")
    return hashlib.md5(f"{llave}{hora}".encode()).hexdigest()


def md5_validacion_valor(llave: str, valor: str) -> str:
    return hashlib.md5(f"{llave}{valor}".encode()).hexdigest()


def formulario_pago(compra: dict, instante: datetime) -> str:
    llave = os.environ["LLAVE_TERMINAL"]
    campos = {
        "usuario": os.environ.get("USUARIO_COMERCIO", ""),
        "factura": compra["factura"],
        "valor": compra["valor"],
        "descripcionFactura": compra["descripcionFactura"],
        "checksum": checksum(compra["factura"], compra["valor"], llave),
        "tokenSeguridad": token_seguridad(llave, instante),
        "md5ValidacionValor": md5_validacion_valor(llave, compra["valor"]),
        **compra["comprador"],
    }
    accion = escape(os.environ.get("URL_PAGINA_COMPRA", ""))
    entradas = "".join(
        f'  <input type="hidden" name="{nombre}" value="{escape(valor)}">\n' for nombre, valor in campos.items()
    )
    return f'<form action="{accion}" method="post" accept-charset="utf-8">\n{entradas}  <button type="submit">Pagar</button>\n</form>\n'


if __name__ == "__main__":
    instante = datetime.fromisoformat(sys.argv[1]) if len(sys.argv) > 1 else datetime.now(timezone.utc)
    print(formulario_pago({
        "factura": "FAC-000123",
        "valor": "150000",
        "descripcionFactura": "Compra de prueba",
        "comprador": {
            "tipoDocumento": "CC",
            "documentoComprador": "1020304050",
            "nombreComprador": "Ana",
            "apellidoComprador": "Pérez",
            "correoComprador": "ana.perez@example.com",
            "celularComprador": "3001234567",
            "direccionComprador": "Calle 10 # 20-30",
        },
    }, instante), end="")
