"""SOAP: listarBancos (bancos de PSE). El token sale de /autenticar (vea flujo_rest.py).

Uso: URL_SOAP=.../ServicioPagos TERMINAL=... TOKEN_SEGURIDAD=... python3 listar_bancos.py
"""
import os
import urllib.request
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

PAG = "urn:integraciones:pagos"
sobre = f"""<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:pag="{PAG}">
  <soapenv:Body>
    <pag:listarBancos>
      <pag:idMetodoPago>41</pag:idMetodoPago>
      <pag:terminal>{escape(os.environ["TERMINAL"])}</pag:terminal>
      <pag:accessToken>{escape(os.environ["TOKEN_SEGURIDAD"])}</pag:accessToken>
    </pag:listarBancos>
  </soapenv:Body>
</soapenv:Envelope>"""

solicitud = urllib.request.Request(os.environ["URL_SOAP"], data=sobre.encode(), headers={
    "Content-Type": "text/xml; charset=utf-8",
    "SOAPAction": f'"{PAG}/listarBancos"',
})
with urllib.request.urlopen(solicitud) as respuesta:  # lanza HTTPError si no es 2xx
    raiz = ET.parse(respuesta).getroot()

for banco in raiz.iter(f"{{{PAG}}}banco"):
    if banco.findtext(f"{{{PAG}}}codigoBanco") == "0":
        continue  # codigoBanco 0 no es un banco: es el texto de la primera opción de su lista ("A continuación seleccione su banco").
    print(banco.findtext(f"{{{PAG}}}codigoBanco"), banco.findtext(f"{{{PAG}}}nombreBanco"))
