// SOAP: listarBancos (bancos de PSE). El token sale de /autenticar (vea FlujoRest.cs).
// Uso: mcs -r:System.Net.Http.dll ListarBancos.cs && URL_SOAP=.../ServicioPagos TERMINAL=... TOKEN_SEGURIDAD=... mono ListarBancos.exe
using System;
using System.Net.Http;
using System.Security;
using System.Text;
using System.Xml;

public static class ListarBancos
{
    public static void Main()
    {
        string sobre = "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:pag=\"urn:integraciones:pagos\">"
            + "<soapenv:Body><pag:listarBancos>"
            + "<pag:idMetodoPago>41</pag:idMetodoPago>"
            + "<pag:terminal>" + SecurityElement.Escape(Environment.GetEnvironmentVariable("TERMINAL")) + "</pag:terminal>"
            + "<pag:accessToken>" + SecurityElement.Escape(Environment.GetEnvironmentVariable("TOKEN_SEGURIDAD")) + "</pag:accessToken>"
            + "</pag:listarBancos></soapenv:Body></soapenv:Envelope>";

        var solicitud = new HttpRequestMessage(HttpMethod.Post, Environment.GetEnvironmentVariable("URL_SOAP"))
        {
            Content = new StringContent(sobre, Encoding.UTF8, "text/xml"),
        };
        solicitud.Headers.Add("SOAPAction", "\"urn:integraciones:pagos/listarBancos\"");
        HttpResponseMessage respuesta = new HttpClient().SendAsync(solicitud).Result;
        string texto = respuesta.Content.ReadAsStringAsync().Result;
        if (!respuesta.IsSuccessStatusCode) throw new InvalidOperationException("listarBancos: HTTP " + (int)respuesta.StatusCode + " " + texto);

        Console.OutputEncoding = new UTF8Encoding(false);
        var documento = new XmlDocument();
        documento.LoadXml(texto);
        var espacios = new XmlNamespaceManager(documento.NameTable);
        espacios.AddNamespace("pag", "urn:integraciones:pagos");
        foreach (XmlNode banco in documento.SelectNodes("//pag:banco", espacios))
        {
            if (banco.SelectSingleNode("pag:codigoBanco", espacios).InnerText == "0") continue; // codigoBanco 0 no es un banco: es el texto de la primera opción de su lista ("A continuación seleccione su banco").
            Console.WriteLine(banco.SelectSingleNode("pag:codigoBanco", espacios).InnerText + " "
                + banco.SelectSingleNode("pag:nombreBanco", espacios).InnerText);
        }
    }
}
