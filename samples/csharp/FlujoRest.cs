// Flujo REST: autenticar -> pago con tarjeta -> consulta del estado.
// Uso: mcs -r:System.Net.Http.dll FlujoRest.cs && URL_AUTENTICACION=... URL_API=... USUARIO_API=... CLAVE_API=... TERMINAL=...
//      LLAVE_PUBLICA_PEM="$(cat llave.pem)" mono FlujoRest.exe
using System;
using System.Net.Http;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;

public static class FlujoRest
{
    static readonly HttpClient Http = new HttpClient();

    static string Entorno(string nombre)
    {
        return Environment.GetEnvironmentVariable(nombre) ?? throw new InvalidOperationException("Falta la variable de entorno " + nombre);
    }

    static string Llamar(string url, string json)
    {
        HttpResponseMessage respuesta = Http.PostAsync(url, new StringContent(json, Encoding.UTF8, "application/json")).Result;
        string cuerpo = respuesta.Content.ReadAsStringAsync().Result;
        if (!respuesta.IsSuccessStatusCode) throw new InvalidOperationException(url + ": HTTP " + (int)respuesta.StatusCode + " " + cuerpo);
        return cuerpo;
    }

    // Mono no trae un lector de JSON de uso sencillo: aquí basta leer un campo de texto.
    static string Campo(string json, string nombre)
    {
        Match m = Regex.Match(json, "\"" + nombre + "\"\\s*:\\s*\"([^\"]*)\"");
        if (!m.Success) throw new InvalidOperationException("falta " + nombre + " en " + json);
        return m.Groups[1].Value;
    }

    // La llave pública llega en PEM (SubjectPublicKeyInfo); Mono no la importa, así que se leen módulo y exponente del DER.
    static RSAParameters LeerLlavePublica(string pem)
    {
        byte[] der = Convert.FromBase64String(Regex.Replace(pem, "-----[A-Z ]+-----|\\s", ""));
        int i = 0;
        Largo(der, ref i, 0x30);
        int algoritmo = Largo(der, ref i, 0x30);
        i += algoritmo;
        Largo(der, ref i, 0x03);
        i++; // bits sin usar de la BIT STRING
        Largo(der, ref i, 0x30);
        return new RSAParameters { Modulus = Entero(der, ref i), Exponent = Entero(der, ref i) };
    }

    static int Largo(byte[] der, ref int i, byte etiqueta)
    {
        if (der[i++] != etiqueta) throw new FormatException("LLAVE_PUBLICA_PEM no es una llave pública RSA");
        int largo = der[i++];
        if (largo < 0x80) return largo;
        int bytes = largo & 0x7f;
        largo = 0;
        while (bytes-- > 0) largo = (largo << 8) | der[i++];
        return largo;
    }

    static byte[] Entero(byte[] der, ref int i)
    {
        int largo = Largo(der, ref i, 0x02);
        int inicio = i;
        i += largo;
        while (largo > 1 && der[inicio] == 0) { inicio++; largo--; }
        byte[] valor = new byte[largo];
        Array.Copy(der, inicio, valor, 0, largo);
        return valor;
    }

    // Los campos de la tarjeta van cifrados con RSA (PKCS#1 v1.5) y la llave pública de la pasarela, en hexadecimal.
    static string Cifrar(RSACryptoServiceProvider rsa, string texto)
    {
        byte[] cifrado = rsa.Encrypt(Encoding.UTF8.GetBytes(texto), false);
        return BitConverter.ToString(cifrado).Replace("-", "").ToLowerInvariant();
    }

    public static void Main()
    {
        var rsa = new RSACryptoServiceProvider();
        rsa.ImportParameters(LeerLlavePublica(Entorno("LLAVE_PUBLICA_PEM")));
        string terminal = Entorno("TERMINAL");

        string auth = Llamar(Entorno("URL_AUTENTICACION") + "/autenticar", "{\"usuario\":\"" + Entorno("USUARIO_API")
            + "\",\"clave\":\"" + Entorno("CLAVE_API") + "\",\"terminal\":\"" + terminal + "\"}");
        if (Campo(auth, "codigoRespuesta") != "0") throw new InvalidOperationException("autenticar: " + auth);
        string token = Campo(auth, "tokenSeguridad");

        string referencia = "PED-" + Guid.NewGuid().ToString("N").Substring(0, 8);
        string pago = Llamar(Entorno("URL_API") + "/confirmacionTransaccionMedioPago",
            "{\"MetodoPago\":{\"Id\":\"37\",\"campo1\":\"" + Cifrar(rsa, "4111111111111111") + "\",\"campo2\":\"" + Cifrar(rsa, "123")
            + "\",\"campo3\":\"" + Cifrar(rsa, "2027") + "\",\"campo4\":\"" + Cifrar(rsa, "12") + "\",\"campo5\":\"1\"},"
            + "\"Referencia\":\"" + referencia + "\",\"Valortotal\":\"150000\",\"Valorbase\":\"0\",\"Valoriva\":\"0\","
            + "\"Descripcion\":\"Compra de prueba\",\"Correo\":\"ana.perez@example.com\",\"Nombre\":\"Ana\",\"Apellido\":\"Pérez\","
            + "\"Documento\":\"1020304050\",\"tipoDocumento\":\"1\",\"Terminal\":\"" + terminal + "\",\"tokenSeguridad\":\"" + token + "\"}");
        string seguimiento = Campo(pago, "CodigoSeguimiento");
        Console.WriteLine("pago: CodigoRespuesta " + Campo(pago, "CodigoRespuesta") + ", estado " + Campo(pago, "estado")
            + ", CodigoSeguimiento " + seguimiento);

        string estado = Llamar(Entorno("URL_API") + "/consultarEstadoTransaccion", "{\"terminal\":\"" + terminal
            + "\",\"referencia\":\"" + referencia + "\",\"codigoSeguimiento\":\"" + seguimiento + "\",\"tokenSeguridad\":\"" + token
            + "\",\"estadoPago\":true,\"valorTotal\":true}");
        Console.WriteLine("consulta: codigoRespuesta " + Campo(estado, "codigoRespuesta") + ", estadoPago " + Campo(estado, "estadoPago")
            + ", valorTotal " + Campo(estado, "valorTotal"));
    }
}
