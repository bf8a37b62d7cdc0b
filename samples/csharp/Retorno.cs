// Página de respuesta (canal POST): a ella vuelve el comprador con las variables de respuesta.
// Uso: mcs Retorno.cs && LLAVE_TERMINAL=... PUERTO=8081 mono Retorno.exe
// Solo informa al comprador: el pedido se entrega por la confirmación (Confirmacion.cs), nunca desde aquí.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Security.Cryptography;
using System.Text;

public static class Retorno
{
    static readonly string Llave = Environment.GetEnvironmentVariable("LLAVE_TERMINAL") ?? "";
    static readonly string CampoFirma = Environment.GetEnvironmentVariable("CAMPO_FIRMA") ?? "firmaPasarela";
    static readonly Dictionary<string, string> Mensajes = new Dictionary<string, string>
    {
        ["1"] = "Pago aprobado: su pedido sale cuando llegue la confirmación.",
        ["0"] = "Pago pendiente: le avisaremos cuando se confirme.",
        ["-1"] = "El pago no se aprobó.",
        ["2"] = "El pago no se completó.",
        ["3"] = "El pago se reversó.",
    };

    static Dictionary<string, string> Formulario(string cuerpo)
    {
        var datos = new Dictionary<string, string>();
        foreach (string par in cuerpo.Split('&'))
        {
            string[] nv = par.Split(new[] { '=' }, 2);
            string nombre = WebUtility.UrlDecode(nv[0]);
            if (nv.Length == 2 && !datos.ContainsKey(nombre)) datos[nombre] = WebUtility.UrlDecode(nv[1]);
        }
        return datos;
    }

    static string Valor(Dictionary<string, string> datos, string nombre)
    {
        string valor;
        return datos.TryGetValue(nombre, out valor) ? valor : "";
    }

    // La respuesta pasa por el navegador del comprador: sin la firma y un estado que concuerde con el
    // código de autorización (firmado), no le diga que pagó.
    static bool Verificada(Dictionary<string, string> datos)
    {
        byte[] resumen = MD5.Create().ComputeHash(Encoding.UTF8.GetBytes(Llave + Valor(datos, "codigoFactura")
            + Valor(datos, "valorFactura") + Valor(datos, "codigoAutorizacion")));
        string esperada = BitConverter.ToString(resumen).Replace("-", "").ToLowerInvariant();
        string recibida = Valor(datos, CampoFirma).ToLowerInvariant();
        int diferencia = esperada.Length ^ recibida.Length;
        for (int i = 0; i < Math.Min(esperada.Length, recibida.Length); i++) diferencia |= esperada[i] ^ recibida[i];
        string estado = Valor(datos, "transaccionAprobada");
        bool autoriza = !new[] { "", "00000", "00" }.Contains(Valor(datos, "codigoAutorizacion"));
        return Llave != "" && diferencia == 0 && Mensajes.ContainsKey(estado) && (estado == "3" || autoriza == (estado == "1"));
    }

    public static void Main()
    {
        var servidor = new HttpListener();
        servidor.Prefixes.Add("http://127.0.0.1:" + (Environment.GetEnvironmentVariable("PUERTO") ?? "8081") + "/");
        servidor.Start();
        while (true)
        {
            HttpListenerContext contexto = servidor.GetContext();
            // Solo el cuerpo: la dirección la puede cambiar cualquiera.
            var datos = Formulario(new StreamReader(contexto.Request.InputStream, Encoding.UTF8).ReadToEnd());
            string mensaje = Verificada(datos) ? Mensajes[datos["transaccionAprobada"]] : "No pudimos verificar esta respuesta: consulte el estado de su pedido.";
            byte[] cuerpo = Encoding.UTF8.GetBytes("<!doctype html>\n<html lang=\"es\"><meta charset=\"utf-8\"><title>Su compra</title>\n<h1>Factura "
                + WebUtility.HtmlEncode(Valor(datos, "codigoFactura")) + "</h1>\n<p>" + WebUtility.HtmlEncode(mensaje) + "</p>\n</html>\n");
            contexto.Response.StatusCode = 200;
            contexto.Response.ContentType = "text/html; charset=utf-8";
            contexto.Response.ContentLength64 = cuerpo.Length;
            contexto.Response.OutputStream.Write(cuerpo, 0, cuerpo.Length);
            contexto.Response.Close();
        }
    }
}
