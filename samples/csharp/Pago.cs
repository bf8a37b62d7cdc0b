// Formulario firmado del pago normal (canal POST), hecho en el servidor del comercio.
// Uso: mcs Pago.cs && LLAVE_TERMINAL=... USUARIO_COMERCIO=... URL_PAGINA_COMPRA=... mono Pago.exe [instante ISO 8601]
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;

public static class Pago
{
    static string Hex(HashAlgorithm algoritmo, string texto)
    {
        byte[] resumen = algoritmo.ComputeHash(Encoding.UTF8.GetBytes(texto));
        return BitConverter.ToString(resumen).Replace("-", "").ToLowerInvariant();
    }

    public static string Checksum(string factura, string valor, string llave)
    {
        return Hex(SHA512.Create(), factura + valor.Split('.')[0] + llave); // valor entero, sin decimales
    }

    public static string TokenSeguridad(string llave, DateTimeOffset instante)
    {
        string hora = instante.ToOffset(TimeSpan.FromHours(-5)).ToString("HH:mm", CultureInfo.InvariantCulture);
        return Hex(MD5.Create(), llave + hora);
    }

    public static string Md5ValidacionValor(string llave, string valor)
    {
        return Hex(MD5.Create(), llave + valor);
    }

    static string Html(string texto)
    {
        return texto.Replace("&", "&amp;").Replace("\"", "&quot;").Replace("<", "&lt;");
    }

    public static string FormularioPago(string factura, string valor, string descripcion,
        IDictionary<string, string> comprador, DateTimeOffset instante)
    {
        string llave = Environment.GetEnvironmentVariable("LLAVE_TERMINAL")
            ?? throw new InvalidOperationException("Falta la variable de entorno LLAVE_TERMINAL");
        var campos = new List<KeyValuePair<string, string>>
        {
            new KeyValuePair<string, string>("usuario", Environment.GetEnvironmentVariable("USUARIO_COMERCIO") ?? ""),
            new KeyValuePair<string, string>("factura", factura),
            new KeyValuePair<string, string>("valor", valor),
            new KeyValuePair<string, string>("descripcionFactura", descripcion),
            new KeyValuePair<string, string>("checksum", Checksum(factura, valor, llave)),
            new KeyValuePair<string, string>("tokenSeguridad", TokenSeguridad(llave, instante)),
            new KeyValuePair<string, string>("md5ValidacionValor", Md5ValidacionValor(llave, valor)),
        };
        campos.AddRange(comprador);

        var html = new StringBuilder();
        html.Append("<form action=\"" + Html(Environment.GetEnvironmentVariable("URL_PAGINA_COMPRA") ?? "")
            + "\" method=\"post\" accept-charset=\"utf-8\">\n");
        foreach (var campo in campos)
        {
            html.Append("  <input type=\"hidden\" name=\"" + campo.Key + "\" value=\"" + Html(campo.Value) + "\">\n");
        }
        return html.Append("  <button type=\"submit\">Pagar</button>\n</form>\n").ToString();
    }

    public static void Main(string[] args)
    {
        var comprador = new Dictionary<string, string>
        {
            ["tipoDocumento"] = "CC",
            ["documentoComprador"] = "1020304050",
            ["nombreComprador"] = "Ana",
            ["apellidoComprador"] = "Pérez",
            ["correoComprador"] = "ana.perez@example.com",
            ["celularComprador"] = "3001234567",
            ["direccionComprador"] = "Calle 10 # 20-30",
        };
        DateTimeOffset instante = args.Length > 0
            ? DateTimeOffset.Parse(args[0], CultureInfo.InvariantCulture)
            : DateTimeOffset.UtcNow;
        Console.OutputEncoding = new UTF8Encoding(false);
        Console.Write(FormularioPago("FAC-000123", "150000", "Compra de prueba", comprador, instante));
    }
}
