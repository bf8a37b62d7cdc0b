"""Cifra un valor de la tarjeta (campo1 a campo4) con RSA (PKCS#1 v1.5) y la llave pública, en hexadecimal.

Uso: LLAVE_PUBLICA_PEM="$(cat llave.pem)" python3 cifrado.py 4111111111111111
La biblioteca estándar no trae RSA: cifra con el paquete de Debian python3-cryptography.
"""
import os
import sys

from cryptography.hazmat.primitives.asymmetric import padding
from cryptography.hazmat.primitives.serialization import load_pem_public_key

if not os.environ.get("LLAVE_PUBLICA_PEM") or len(sys.argv) != 2:
    raise SystemExit("Uso: LLAVE_PUBLICA_PEM=... python3 cifrado.py VALOR")
llave = load_pem_public_key(os.environ["LLAVE_PUBLICA_PEM"].encode())
# 256 bytes con una llave de 2048 bits: 512 caracteres hexadecimales, distintos en cada ejecución.
print(llave.encrypt(sys.argv[1].encode(), padding.PKCS1v15()).hex())
