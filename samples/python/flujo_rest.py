"""Flujo REST: autenticar -> pago con tarjeta -> consulta del estado.

Uso: URL_AUTENTICACION=... URL_API=... USUARIO_API=... CLAVE_API=... TERMINAL=... LLAVE_PUBLICA_PEM="$(cat llave.pem)" python3 flujo_rest.py
Cifra con RSA el paquete de Debian python3-cryptography: la biblioteca estándar no trae RSA.
"""
import json
import os
import secrets
import urllib.request

from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.serialization import load_pem_public_key

entorno = os.environ
TERMINAL = entorno["TERMINAL"]
LLAVE_PUBLICA = load_pem_public_key(entorno["LLAVE_PUBLICA_PEM"].encode())


def llamar(url: str, cuerpo: dict) -> dict:
    solicitud = urllib.request.Request(url, data=json.dumps(cuerpo).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(solicitud) as respuesta:  # lanza HTTPError si no es 2xx
        return json.load(respuesta)


def cifrar(texto: str) -> str:
    """Los campos de la tarjeta van cifrados con RSA (PKCS#1 v1.5) y la llave pública de la pasarela, en hexadecimal."""
    return LLAVE_PUBLICA.encrypt(texto.encode(), padding.PKCS1v15()).hex()


auth = llamar(f"{entorno['URL_AUTENTICACION']}/autenticar", {"usuario": entorno["USUARIO_API"], "clave": entorno["CLAVE_API"], "terminal": TERMINAL})
if auth["codigoRespuesta"] != "0":
    raise SystemExit(f"autenticar: codigoRespuesta {auth['codigoRespuesta']}")
token = auth["tokenSeguridad"]

referencia = f"PED-{secrets.token_hex(4)}"
pago = llamar(f"{entorno['URL_API']}/confirmacionTransaccionMedioPago", {
    "MetodoPago": {"Id": "37", "campo1": cifrar("4111111111111111"), "campo2": cifrar("123"),
                   "campo3": cifrar("2027"), "campo4": cifrar("12"), "campo5": "1"},
    "Referencia": referencia,
    "Valortotal": "150000",
    "Valorbase": "0",
    "Valoriva": "0",
    "Descripcion": "Compra de prueba",
    "Correo": "ana.perez@example.com",
    "Nombre": "Ana",
    "Apellido": "Pérez",
    "Documento": "1020304050",
    "tipoDocumento": "1",
    "Terminal": TERMINAL,
    "tokenSeguridad": token,
})
print(f"pago: CodigoRespuesta {pago['CodigoRespuesta']}, estado {pago['estado']}, CodigoSeguimiento {pago['CodigoSeguimiento']}")

estado = llamar(f"{entorno['URL_API']}/consultarEstadoTransaccion", {
    "terminal": TERMINAL,
    "referencia": referencia,
    "codigoSeguimiento": pago["CodigoSeguimiento"],
    "tokenSeguridad": token,
    "estadoPago": True,
    "valorTotal": True,
})
print(f"consulta: codigoRespuesta {estado['codigoRespuesta']}, estadoPago {estado['estadoPago']}, valorTotal {estado['valorTotal']}")
